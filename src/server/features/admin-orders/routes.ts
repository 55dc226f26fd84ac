import type { FastifyPluginAsync } from 'fastify';
import { adminOrderRoutes as routes } from '../../../shared/routes/admin-orders.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import { attachment } from './export.js';
import type { AdminOrderService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const csvType = 'text/csv; charset=utf-8';

/**
 * The admin orders API: list, dashboard, status changes, activity, notes, delete, export. Paths and
 * shapes: src/shared/routes/admin-orders.ts.
 */
export const adminOrderRoutes: FastifyPluginAsync<{ adminOrders: AdminOrderService }> = async (
  app,
  { adminOrders: service },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.list, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request, reply) => {
      const page = await service.list(request.query);
      // The rows are built field by field from a fixed column list (toAdminOrderRow), so checking them
      // again against the schema only cost time: on a 100-row page, more than the two queries took.
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return page;
    },
  });

  registerRoute(app, routes.row, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request) => service.row(request.params.id),
  });

  registerRoute(app, routes.dashboard, {
    config: { permission: 'dashboard.read' },
    failures,
    handler: async () => service.dashboard(),
  });

  registerRoute(app, routes.changeStatus, {
    config: { permission: 'orders.status' },
    failures,
    handler: async (request) => service.changeStatus(request.params.id, request.body, auditActor(request)),
  });

  registerRoute(app, routes.nextStage, {
    config: { permission: 'orders.status' },
    failures: { ...failures, 409: errorBody },
    handler: async (request) => service.nextStage(request.params.id, request.body.from, auditActor(request)),
  });

  registerRoute(app, routes.undoNextStage, {
    config: { permission: 'orders.status' },
    failures: { ...failures, 409: errorBody },
    handler: async (request) => service.undoNextStage(request.params.id, request.body, auditActor(request)),
  });

  registerRoute(app, routes.bulkStatus, {
    config: { permission: 'orders.bulk' },
    failures,
    handler: async (request) => service.bulkChangeStatus(request.body, auditActor(request)),
  });

  registerRoute(app, routes.activity, {
    config: { permission: 'orders.read' },
    failures,
    handler: async (request) => service.activity(request.params.id),
  });

  registerRoute(app, routes.addNote, {
    config: { permission: 'orders.notes' },
    failures,
    handler: async (request) => service.addNote(request.params.id, request.body.text, auditActor(request)),
  });

  registerRoute(app, routes.delete, {
    config: { permission: 'orders.delete' },
    failures,
    handler: async (request) => {
      // The order's events go with it; the audit log keeps who removed what.
      await service.delete(request.params.id, auditActor(request));
      return { message: 'Order deleted' };
    },
  });

  registerRoute(app, routes.bulkDelete, {
    config: { permission: 'orders.delete' },
    failures,
    handler: async (request) => {
      const gone = await service.bulkDelete(request.body, auditActor(request));
      return { deleted: gone.length };
    },
  });

  // The two exports stream CSV, which no JSON schema describes; their errors still take the one error
  // shape through the error handler.
  registerRoute(app, routes.export, {
    config: { permission: 'orders.export' },
    handler: async (request, reply) => {
      const csv = await service.exportCsv(request.query, auditActor(request));
      return reply
        .type(csvType)
        .header('content-disposition', attachment(`orders-export-${service.today()}.csv`))
        .send(csv);
    },
  });

  registerRoute(app, routes.exportOne, {
    config: { permission: 'orders.export' },
    handler: async (request, reply) => {
      const { orderId, csv } = await service.exportOneCsv(request.params.id, auditActor(request));
      return reply
        .type(csvType)
        .header('content-disposition', attachment(`order-${orderId}.csv`))
        .send(csv);
    },
  });
};
