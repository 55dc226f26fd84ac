/** The delivery-day calls: staff publish and remove days, customers book one for a unit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryBookingRoutes } from '../../../shared/routes/delivery-booking.js';
import type { PublishDeliveryDays, PublishDeliverySlot } from '../../../shared/schemas/delivery-booking.js';
import { callApi } from '../../lib/call-api';
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
    queryFn: () => callApi(deliveryBookingRoutes.listSlots, { query: { from, to } }),
  });
}

export function usePublishDeliverySlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishDeliverySlot) => callApi(deliveryBookingRoutes.publishSlot, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all }),
  });
}

/** Publishes every chosen weekday of a range or a weekly pattern in one request. */
export function usePublishDeliveryDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishDeliveryDays) => callApi(deliveryBookingRoutes.publishSlots, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all }),
  });
}

export function useRemoveDeliverySlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deliveryBookingRoutes.removeSlot, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all }),
  });
}

/** The days a unit can be booked on, and its booking. */
export function useUnitDeliverySlots(itemId: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: deliverySlotKeys.unit(itemId),
    queryFn: () => callApi(deliveryBookingRoutes.unitSlots, { params: { id: itemId } }),
    enabled,
  });
}

/** Booking moves the unit and sets its date, so the order's queries are refreshed too. */
export function useBookDelivery(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) =>
      callApi(deliveryBookingRoutes.book, { params: { id: itemId }, body: { slotId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliverySlotKeys.unit(itemId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
