/** The admin orders calls, their query keys and hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityEvent,
  AdminBulkStatus,
  AdminOrderFilters,
  AdminOrderRow,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminStatusPatch,
  Dashboard,
} from '../../../shared/schemas/admin-orders.js';
import type { OrderDto, OrderItemDto } from '../../../shared/schemas/orders.js';
import type { TrackingLink } from '../../../shared/schemas/tracking.js';
import { apiJson } from '../../lib/api';

/**
 * One key factory for every admin order query. Everything sits under `all`, so a status change, a
 * note or a delete refreshes the lists, the dashboard, the open details and the unit rows at once.
 */
export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (query: AdminOrdersQuery) => [...adminOrderKeys.lists(), query] as const,
  dashboard: () => [...adminOrderKeys.all, 'dashboard'] as const,
  detail: (id: number) => [...adminOrderKeys.all, 'detail', id] as const,
  row: (id: number) => [...adminOrderKeys.all, 'detail', id, 'row'] as const,
  items: (id: number) => [...adminOrderKeys.all, 'detail', id, 'items'] as const,
  activity: (id: number) => [...adminOrderKeys.all, 'detail', id, 'activity'] as const,
};

type QueryValue = string | number | undefined;

/** `?a=1&b=x` of the given values in their given order, leaving out the empty ones ('' when none). */
export function queryString(values: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filter part of a query, in the order the list and the export both send it. */
export function filterValues(filters: AdminOrderFilters): Record<string, QueryValue> {
  return {
    q: filters.q,
    status: filters.status?.join(','),
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
    payment: filters.payment,
    registration: filters.registration,
    product: filters.product,
  };
}

export function ordersUrl(query: AdminOrdersQuery): string {
  return `/api/admin/orders${queryString({
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    ...filterValues(query),
  })}`;
}

/** The CSV of every order matching the filters (the server streams it; the browser saves it). */
export function exportUrl(filters: AdminOrderFilters): string {
  return `/api/admin/orders/export${queryString(filterValues(filters))}`;
}

/** The CSV of just these orders (the selected rows). */
export function selectedExportUrl(ids: readonly number[]): string {
  return `/api/admin/orders/export${queryString({ ids: ids.join(',') })}`;
}

export function orderExportUrl(id: number): string {
  return `/api/admin/orders/${id}/export`;
}

export const fetchAdminOrders = (query: AdminOrdersQuery) =>
  apiJson<AdminOrdersPage>('GET', ordersUrl(query));
export const fetchDashboard = () => apiJson<Dashboard>('GET', '/api/admin/dashboard');
// Decision 19: admins read an order and its units through the customer read routes.
export const fetchOrder = (id: number) => apiJson<OrderDto>('GET', `/api/orders/${id}`);
export const fetchOrderItems = (id: number) => apiJson<OrderItemDto[]>('GET', `/api/orders/${id}/items`);
export const fetchAdminOrderRow = (id: number) => apiJson<AdminOrderRow>('GET', `/api/admin/orders/${id}`);
export const fetchActivity = (id: number) =>
  apiJson<ActivityEvent[]>('GET', `/api/admin/orders/${id}/activity`);

export interface StatusChangeResult {
  updatedItems: number;
  updatedOrders: number;
}

/** A page of orders; the previous page stays on screen while the next one loads. */
export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery({
    queryKey: adminOrderKeys.list(query),
    queryFn: () => fetchAdminOrders(query),
    placeholderData: keepPreviousData,
  });
}

export function useDashboard() {
  return useQuery({ queryKey: adminOrderKeys.dashboard(), queryFn: fetchDashboard });
}

export function useAdminOrder(id: number | null) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id ?? 0),
    queryFn: () => fetchOrder(id ?? 0),
    enabled: id !== null,
  });
}

/** The units of an order, fetched when its row is expanded. */
export function useOrderItems(id: number, options: { enabled: boolean }) {
  return useQuery({ queryKey: adminOrderKeys.items(id), queryFn: () => fetchOrderItems(id), ...options });
}

/** The order as the table shows it: its customer's e-mail and name (the order page). */
export function useAdminOrderRow(id: number) {
  return useQuery({ queryKey: adminOrderKeys.row(id), queryFn: () => fetchAdminOrderRow(id) });
}

export function useOrderActivity(id: number | null) {
  return useQuery({
    queryKey: adminOrderKeys.activity(id ?? 0),
    queryFn: () => fetchActivity(id ?? 0),
    enabled: id !== null,
  });
}

function useInvalidateAdminOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
}

export function useUpdateOrderStatus() {
  const invalidate = useInvalidateAdminOrders();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AdminStatusPatch }) =>
      apiJson<StatusChangeResult>('PATCH', `/api/admin/orders/${id}/status`, patch),
    onSuccess: () => invalidate(),
  });
}

export function useBulkStatus() {
  const invalidate = useInvalidateAdminOrders();
  return useMutation({
    mutationFn: (body: AdminBulkStatus) =>
      apiJson<StatusChangeResult>('POST', '/api/admin/orders/bulk-status', body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('DELETE', `/api/admin/orders/${id}`),
    onSuccess: async (_answer, id) => {
      // The deleted order's own queries would only answer 404 from now on.
      queryClient.removeQueries({ queryKey: adminOrderKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.dashboard() }),
      ]);
    },
  });
}

/** Several orders in one transaction (all or none). */
export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: readonly number[]) =>
      apiJson<{ deleted: number }>('POST', '/api/admin/orders/bulk-delete', { orderIds }),
    onSuccess: async (_answer, orderIds) => {
      for (const id of orderIds) queryClient.removeQueries({ queryKey: adminOrderKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.dashboard() }),
      ]);
    },
  });
}

export function useAddNote(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiJson<ActivityEvent>('POST', `/api/admin/orders/${orderId}/notes`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.activity(orderId) }),
  });
}

/**
 * A new tracking link for the order; the old one stops working at once. The order's cached answer
 * carries the token, so it is fetched again.
 */
export function useReplaceTrackingLink(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TrackingLink>('POST', `/api/admin/orders/${orderId}/tracking-link`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) }),
  });
}
