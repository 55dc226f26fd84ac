import type { FastifyPluginAsync } from 'fastify';
import { deliveryBookingRoutes as routes } from '../../../shared/routes/delivery-booking.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { DeliveryBookingService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Staff publish and remove delivery days. Paths and shapes: src/shared/routes/delivery-booking.ts. */
export const deliverySlotAdminRoutes: FastifyPluginAsync<{ delivery: DeliveryBookingService }> = async (
  app,
  { delivery },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.listSlots, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request) => {
      const items = await delivery.listSlots(request.query);
      return { items, total: items.length };
    },
  });

  registerRoute(app, routes.publishSlot, {
    config: { permission: 'deliverySlots.manage' },
    failures,
    handler: async (request) => delivery.publishSlot(request.body, auditActor(request)),
  });

  registerRoute(app, routes.publishSlots, {
    config: { permission: 'deliverySlots.manage' },
    failures,
    handler: async (request) => delivery.publishSlots(request.body, auditActor(request)),
  });

  registerRoute(app, routes.removeSlot, {
    config: { permission: 'deliverySlots.manage' },
    failures,
    handler: async (request) => {
      await delivery.removeSlot(request.params.id, auditActor(request));
      return { message: 'Delivery day removed' };
    },
  });
};

/** The customer books a delivery day for a unit of their own order. */
export const deliveryBookingRoutes: FastifyPluginAsync<{ delivery: DeliveryBookingService }> = async (
  app,
  { delivery },
) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  registerRoute(app, routes.unitSlots, {
    failures,
    handler: async (request) => {
      const { items, ...rest } = await delivery.slotsForUnit(requireUser(request).id, request.params.id);
      return { items, total: items.length, ...rest };
    },
  });

  registerRoute(app, routes.book, {
    failures,
    handler: async (request) => {
      const { booking, status } = await delivery.book(
        requireUser(request).id,
        request.params.id,
        request.body.slotId,
      );
      return { message: `Delivery day booked: ${booking.date}`, booking, status, deliveryDate: booking.date };
    },
  });
};
