import type { FastifyPluginAsync } from 'fastify';
import { adminOrderRoutes as routes } from '../../../shared/routes/admin-orders.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, requirePermission } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import { attachment } from './export.js';
import type { AdminOrderService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const csvType = 'text/csv; charset=utf-8';
const JOB_SWEEP_MS = 10_000;

/**
 * The admin orders API: list, dashboard, status changes, activity, notes, delete, export. Paths and
 * shapes: src/shared/routes/admin-orders.ts.
 */
export const adminOrderRoutes: FastifyPluginAsync<{ adminOrders: AdminOrderService }> = async (
  app,
  { adminOrders: service },
) => {
  guardStaffRoutes(app);

  // A job cut off by a stop is marked rolled back before the server answers anyone, and again every
  // ten seconds: the database may notice the dead transaction a moment after a restart, and another
  // instance may be the one that stopped. A graceful stop lets the jobs running here finish first.
  const recover = async () => {
    const marked = await service.jobs.recoverInterrupted();
    if (marked.length > 0) app.log.warn({ jobs: marked }, 'bulk jobs cut off by a stop were rolled back');
  };
  const sweep = setInterval(() => {
    recover().catch((err: unknown) => app.log.warn({ err }, 'checking for interrupted bulk jobs failed'));
  }, JOB_SWEEP_MS);
  sweep.unref();
  app.addHook('onReady', recover);
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await service.jobs.settle();
  });

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
    handler: async (_request, reply) => {
      // Built field by field like the list's rows and kept as JSON text between changes (dashboard.ts):
      // checking it again against the schema cost more than the dashboard's three statements.
      return reply.type('application/json; charset=utf-8').send(await service.dashboardJson());
    },
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

  registerRoute(app, routes.bulkJob, {
    config: { permission: 'orders.bulk' },
    failures,
    handler: async (request) => {
      // The action decides what else the role must be allowed: deleting is for ADMIN only.
      if (request.body.action === 'delete') requirePermission(request, 'orders.delete');
      if (request.body.action === 'export') requirePermission(request, 'orders.export');
      return service.jobs.start(request.body, auditActor(request));
    },
  });

  registerRoute(app, routes.job, {
    config: { permission: 'orders.bulk' },
    failures,
    handler: async (request) => service.jobs.get(request.params.id),
  });

  registerRoute(app, routes.jobFile, {
    config: { permission: 'orders.export' },
    handler: async (request, reply) => {
      const { csv, createdAt } = await service.jobs.file(request.params.id);
      return reply
        .type(csvType)
        .header(
          'content-disposition',
          attachment(`orders-export-${createdAt.toISOString().slice(0, 10)}.csv`),
        )
        .send(csv);
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
