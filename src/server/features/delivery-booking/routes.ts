import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookDeliverySchema,
  deliveryBookingResultSchema,
  deliverySlotListSchema,
  deliverySlotRangeSchema,
  deliverySlotSchema,
  publishDeliverySlotSchema,
  unitDeliverySlotsSchema,
} from '../../../shared/schemas/delivery-booking.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { DeliveryBookingService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Staff publish and remove delivery days. */
export const deliverySlotAdminRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryBookingService }> = async (
  app,
  { delivery },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/delivery-slots',
    {
      config: { permission: 'orders.read' },
      schema: {
        querystring: deliverySlotRangeSchema,
        response: { 200: deliverySlotListSchema, ...failures },
      },
    },
    async (request) => {
      const items = await delivery.listSlots(request.query);
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/admin/delivery-slots',
    {
      config: { permission: 'deliverySlots.manage' },
      schema: { body: publishDeliverySlotSchema, response: { 201: deliverySlotSchema, ...failures } },
    },
    async (request, reply) => {
      const slot = await delivery.publishSlot(request.body, auditActor(request));
      return reply.status(201).send(slot);
    },
  );

  app.delete(
    '/api/admin/delivery-slots/:id',
    {
      config: { permission: 'deliverySlots.manage' },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }), ...failures } },
    },
    async (request) => {
      await delivery.removeSlot(request.params.id, auditActor(request));
      return { message: 'Delivery day removed' };
    },
  );
};

/** The customer books a delivery day for a unit of their own order. */
export const deliveryBookingRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryBookingService }> = async (
  app,
  { delivery },
) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/order-items/:id/delivery-slots',
    { schema: { params: idParams, response: { 200: unitDeliverySlotsSchema, ...failures } } },
    async (request) => {
      const { items, booking } = await delivery.slotsForUnit(requireUser(request).id, request.params.id);
      return { items, total: items.length, booking };
    },
  );

  app.post(
    '/api/order-items/:id/delivery-booking',
    {
      schema: {
        params: idParams,
        body: bookDeliverySchema,
        response: { 200: deliveryBookingResultSchema, ...failures },
      },
    },
    async (request) => {
      const { booking, status } = await delivery.book(
        requireUser(request).id,
        request.params.id,
        request.body.slotId,
      );
      return { message: `Delivery day booked: ${booking.date}`, booking, status, deliveryDate: booking.date };
    },
  );
};
