/** The customer order calls, their query keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderRoutes } from '../../../shared/routes/orders.js';
import type { ItemStatusPatch } from '../../../shared/schemas/orders.js';
import { callApi } from '../../lib/call-api';

/** One key factory for every order query; live messages and mutations invalidate through it. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  items: (id: number) => [...orderKeys.all, 'detail', id, 'items'] as const,
  events: (id: number) => [...orderKeys.all, 'detail', id, 'events'] as const,
  itemDetails: (itemId: number) => [...orderKeys.all, 'item-details', itemId] as const,
};

export const fetchOrders = () => callApi(orderRoutes.list);
export const fetchOrder = (id: number) => callApi(orderRoutes.get, { params: { id } });
export const fetchOrderItems = (id: number) => callApi(orderRoutes.items, { params: { id } });
export const fetchOrderEvents = (id: number) => callApi(orderRoutes.events, { params: { id } });
export const fetchItemDetails = (itemId: number) =>
  callApi(orderRoutes.itemDetails, { params: { id: itemId } });
export const patchItemStatus = (itemId: number, patch: ItemStatusPatch) =>
  callApi(orderRoutes.updateItemStatus, { params: { itemId }, body: patch });

export function useOrders() {
  return useQuery({ queryKey: orderKeys.list(), queryFn: fetchOrders });
}

export function useOrder(id: number) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: () => fetchOrder(id) });
}

export function useOrderItems(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: orderKeys.items(id), queryFn: () => fetchOrderItems(id), ...options });
}

/** Events are fetched only while a card is expanded, the only place they are shown. */
export function useOrderEvents(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: orderKeys.events(id), queryFn: () => fetchOrderEvents(id), ...options });
}

export function useItemDetails(itemId: number | null) {
  return useQuery({
    queryKey: orderKeys.itemDetails(itemId ?? 0),
    queryFn: () => fetchItemDetails(itemId ?? 0),
    enabled: itemId !== null,
  });
}

/** Refreshes the list, the order and its items after any change to one of its units. */
export function useInvalidateOrder() {
  const queryClient = useQueryClient();
  return (orderId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.list() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
    ]);
}

export function useUpdateItemStatus(orderId: number) {
  const invalidateOrder = useInvalidateOrder();
  return useMutation({
    mutationFn: ({ itemId, patch }: { itemId: number; patch: ItemStatusPatch }) =>
      patchItemStatus(itemId, patch),
    onSuccess: () => invalidateOrder(orderId),
  });
}
