import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersPageSchema, adminOrdersQuerySchema } from '../../../shared/schemas/admin-orders.js';
import { errorBody } from '../../http/schemas.js';
import { guardAdminRoutes } from '../../http/session.js';
import type { FeatureDeps } from '../deps.js';
import { createAdminOrderService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The admin orders API: list, dashboard, status changes, activity, notes, delete, export (issue 5). */
export const adminOrderRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, clock }) => {
  guardAdminRoutes(app);
  const service = createAdminOrderService({ db, clock });

  app.get(
    '/api/admin/orders',
    {
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema, ...failures } },
    },
    async (request) => service.list(request.query),
  );
};
