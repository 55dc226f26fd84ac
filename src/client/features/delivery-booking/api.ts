/** The delivery-day calls: staff publish and remove days, customers book one for a unit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryBookingResult,
  DeliverySlot,
  DeliverySlotList,
  PublishDeliverySlot,
  UnitDeliverySlots,
} from '../../../shared/schemas/delivery-booking.js';
import { apiJson } from '../../lib/api';
import { orderKeys } from '../orders/api';

export const deliverySlotKeys = {
  all: ['delivery-slots'] as const,
  range: (from: string, to: string) => [...deliverySlotKeys.all, 'range', from, to] as const,
  unit: (itemId: number) => [...deliverySlotKeys.all, 'unit', itemId] as const,
};

/** Published days from `from` to `to`, both included. */
export function useDeliverySlots(from: string, to: string) {
  return useQuery({
    queryKey: deliverySlotKeys.range(from, to),
    queryFn: () =>
      apiJson<DeliverySlotList>(
        'GET',
        `/api/admin/delivery-slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
  });
}

export function usePublishDeliverySlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishDeliverySlot) =>
      apiJson<DeliverySlot>('POST', '/api/admin/delivery-slots', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all }),
  });
}

export function useRemoveDeliverySlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('DELETE', `/api/admin/delivery-slots/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all }),
  });
}

/** The days a unit can be booked on, and its booking. */
export function useUnitDeliverySlots(itemId: number) {
  return useQuery({
    queryKey: deliverySlotKeys.unit(itemId),
    queryFn: () => apiJson<UnitDeliverySlots>('GET', `/api/order-items/${itemId}/delivery-slots`),
  });
}

/** Booking moves the unit and sets its date, so the order's queries are refreshed too. */
export function useBookDelivery(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) =>
      apiJson<DeliveryBookingResult>('POST', `/api/order-items/${itemId}/delivery-booking`, { slotId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverySlotKeys.unit(itemId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
