import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes as routes } from '../../../shared/routes/audit.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { attachment } from '../../lib/csv.js';
import { auditActor } from './record.js';
import type { AuditService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody };
const config = { permission: 'admin.all' };

/**
 * The audit log for admins: a page and a CSV export of the same filter. There is deliberately no
 * route that changes or removes an entry. Paths and shapes: src/shared/routes/audit.ts.
 */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.list, {
    config,
    failures,
    summary: 'The audit log, newest first',
    handler: async (request) => audit.list(request.query),
  });

  // Streamed CSV, which no JSON schema describes; errors still take the one error shape.
  registerRoute(app, routes.exportCsv, {
    config,
    summary: 'The audit log as CSV, for the same filter',
    handler: async (request, reply) => {
      const csv = await audit.exportCsv(request.query, auditActor(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`audit-log-${day}.csv`))
        .send(csv);
    },
  });
};
