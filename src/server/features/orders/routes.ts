import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  itemStatusPatchSchema,
  orderEventSchema,
  orderItemDetailsSchema,
  orderItemSchema,
  orderSchema,
} from '../../../shared/schemas/orders.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { toEventDto, toItemDto, toOrderDto } from './dto.js';
import type { OrderService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The customer's order calls; every one answers only with the caller's orders. */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (app, { orders }) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/orders',
    { schema: { response: { 200: z.array(orderSchema), ...failures } } },
    async (request) => {
      const user = requireUser(request);
      const list = await orders.listForCustomer(user.id);
      return list.map(({ order, items }) => ({
        ...toOrderDto(order, items),
        trackingToken: order.trackingToken,
      }));
    },
  );

  app.get(
    '/api/orders/:id',
    { schema: { params: idParams, response: { 200: orderSchema, ...failures } } },
    async (request) => {
      // Only the owner or staff can read the order at all, so the link goes to no one else.
      const { order, items } = await orders.get(requireUser(request), request.params.id);
      return { ...toOrderDto(order, items), trackingToken: order.trackingToken };
    },
  );

  app.get(
    '/api/orders/:id/items',
    { schema: { params: idParams, response: { 200: z.array(orderItemSchema), ...failures } } },
    async (request) => (await orders.items(requireUser(request), request.params.id)).map(toItemDto),
  );

  app.get(
    '/api/orders/:id/events',
    { schema: { params: idParams, response: { 200: z.array(orderEventSchema), ...failures } } },
    async (request) => (await orders.events(requireUser(request), request.params.id)).map(toEventDto),
  );

  app.get(
    '/api/order-items/:id/details',
    { schema: { params: idParams, response: { 200: orderItemDetailsSchema, ...failures } } },
    async (request) => {
      const { item, order, user, documents } = await orders.itemDetails(
        requireUser(request),
        request.params.id,
      );
      return { item: toItemDto(item), order: toOrderDto(order), user, documents };
    },
  );

  app.patch(
    '/api/order-items/:itemId/status',
    {
      schema: {
        params: z.object({ itemId: z.coerce.number().int().positive() }),
        body: itemStatusPatchSchema,
        response: { 200: orderItemSchema, ...failures },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The body's stageData is not passed on: a customer must not write stage data (decision 22).
      const item = await orders.startSigning(user.id, request.params.itemId, request.body.status);
      return toItemDto(item);
    },
  );
};
