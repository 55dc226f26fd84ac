import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEventSchema,
  adminBulkDeleteSchema,
  adminBulkStatusSchema,
  adminOrderFiltersSchema,
  adminOrderRowSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  adminStatusPatchSchema,
  dashboardSchema,
  internalNoteSchema,
  statusChangeResultSchema,
} from '../../../shared/schemas/admin-orders.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import { attachment } from './export.js';
import type { AdminOrderService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const csvType = 'text/csv; charset=utf-8';

/** The admin orders API: list, dashboard, status changes, activity, notes, delete, export. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ adminOrders: AdminOrderService }> = async (
  app,
  { adminOrders: service },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/orders',
    {
      config: { permission: 'orders.read' },
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema, ...failures } },
    },
    async (request, reply) => {
      const page = await service.list(request.query);
      // The rows are built field by field from a fixed column list (toAdminOrderRow), so checking them
      // again against the schema only cost time: on a 100-row page, more than the two queries took.
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return page;
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: { params: idParams, response: { 200: adminOrderRowSchema, ...failures } },
    },
    async (request) => service.row(request.params.id),
  );

  app.get(
    '/api/admin/dashboard',
    { config: { permission: 'dashboard.read' }, schema: { response: { 200: dashboardSchema, ...failures } } },
    async () => service.dashboard(),
  );

  app.patch(
    '/api/admin/orders/:id/status',
    {
      config: { permission: 'orders.status' },
      schema: {
        params: idParams,
        body: adminStatusPatchSchema,
        response: { 200: statusChangeResultSchema, ...failures },
      },
    },
    async (request) => service.changeStatus(request.params.id, request.body, auditActor(request)),
  );

  app.post(
    '/api/admin/orders/bulk-status',
    {
      config: { permission: 'orders.bulk' },
      schema: { body: adminBulkStatusSchema, response: { 200: statusChangeResultSchema, ...failures } },
    },
    async (request) => service.bulkChangeStatus(request.body, auditActor(request)),
  );

  app.get(
    '/api/admin/orders/:id/activity',
    {
      config: { permission: 'orders.read' },
      schema: { params: idParams, response: { 200: z.array(activityEventSchema), ...failures } },
    },
    async (request) => service.activity(request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/notes',
    {
      config: { permission: 'orders.notes' },
      schema: {
        params: idParams,
        body: internalNoteSchema,
        response: { 201: activityEventSchema, ...failures },
      },
    },
    async (request, reply) => {
      const note = await service.addNote(request.params.id, request.body.text, auditActor(request));
      return reply.status(201).send(note);
    },
  );

  app.delete(
    '/api/admin/orders/:id',
    {
      config: { permission: 'orders.delete' },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }), ...failures } },
    },
    async (request) => {
      // The order's events go with it; the audit log keeps who removed what.
      await service.delete(request.params.id, auditActor(request));
      return { message: 'Order deleted' };
    },
  );

  app.post(
    '/api/admin/orders/bulk-delete',
    {
      config: { permission: 'orders.delete' },
      schema: {
        body: adminBulkDeleteSchema,
        response: { 200: z.object({ deleted: z.number() }), ...failures },
      },
    },
    async (request) => {
      const gone = await service.bulkDelete(request.body, auditActor(request));
      return { deleted: gone.length };
    },
  );

  // The two exports stream CSV, which no JSON schema describes; their errors still take the one error
  // shape through the error handler.
  app.get(
    '/api/admin/orders/export',
    { config: { permission: 'orders.export' }, schema: { querystring: adminOrderFiltersSchema } },
    async (request, reply) => {
      const csv = await service.exportCsv(request.query, auditActor(request));
      return reply
        .type(csvType)
        .header('content-disposition', attachment(`orders-export-${service.today()}.csv`))
        .send(csv);
    },
  );

  app.get(
    '/api/admin/orders/:id/export',
    { config: { permission: 'orders.export' }, schema: { params: idParams } },
    async (request, reply) => {
      const { orderId, csv } = await service.exportOneCsv(request.params.id, auditActor(request));
      return reply
        .type(csvType)
        .header('content-disposition', attachment(`order-${orderId}.csv`))
        .send(csv);
    },
  );
};
