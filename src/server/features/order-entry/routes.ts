import type { FastifyPluginAsync } from 'fastify';
import { orderEntryRoutes as routes } from '../../../shared/routes/order-entry.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import type { OrderEntryService } from './service.js';

/**
 * POST /api/admin/orders: staff create one order. Staff who may import orders may add one (permission
 * `orders.import`). Paths and shapes: src/shared/routes/order-entry.ts.
 */
export const orderEntryRoutes: FastifyPluginAsync<{ orderEntry: OrderEntryService }> = async (
  app,
  { orderEntry },
) => {
  guardStaffRoutes(app);
  registerRoute(app, routes.create, {
    config: { permission: 'orders.import' },
    failures: { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
    handler: async (request) => {
      const user = request.user;
      if (!user) throw new Error('guardStaffRoutes lets no visitor through');
      return orderEntry.create(request.body, user);
    },
  });
};
