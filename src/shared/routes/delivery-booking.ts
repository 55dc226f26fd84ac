/** Delivery days: staff publish and remove them; a customer books one for a unit of their own order. */
import { idParams, messageSchema } from '../schemas/common.js';
import {
  bookDeliverySchema,
  deliveryBookingResultSchema,
  deliverySlotListSchema,
  deliverySlotRangeSchema,
  deliverySlotSchema,
  publishDeliveryDaysSchema,
  publishDeliverySlotSchema,
  publishedDeliveryDaysSchema,
  unitDeliverySlotsSchema,
} from '../schemas/delivery-booking.js';
import { defineRoute } from './define-route.js';

export const deliveryBookingRoutes = {
  listSlots: defineRoute({
    method: 'GET',
    path: '/api/admin/delivery-slots',
    query: deliverySlotRangeSchema,
    responses: { 200: deliverySlotListSchema },
  }),
  publishSlot: defineRoute({
    method: 'POST',
    path: '/api/admin/delivery-slots',
    body: publishDeliverySlotSchema,
    responses: { 201: deliverySlotSchema },
  }),
  publishSlots: defineRoute({
    method: 'POST',
    path: '/api/admin/delivery-slots/batch',
    body: publishDeliveryDaysSchema,
    responses: { 201: publishedDeliveryDaysSchema },
  }),
  removeSlot: defineRoute({
    method: 'DELETE',
    path: '/api/admin/delivery-slots/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  unitSlots: defineRoute({
    method: 'GET',
    path: '/api/order-items/:id/delivery-slots',
    params: idParams,
    responses: { 200: unitDeliverySlotsSchema },
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/order-items/:id/delivery-booking',
    params: idParams,
    body: bookDeliverySchema,
    responses: { 200: deliveryBookingResultSchema },
  }),
};
