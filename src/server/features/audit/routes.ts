import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditPageSchema, auditQuerySchema } from '../../../shared/schemas/audit.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { attachment } from '../../lib/csv.js';
import { auditActor } from './record.js';
import type { AuditService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The audit log for admins: a page and a CSV export of the same filter. There is deliberately no
 * route that changes or removes an entry.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/audit',
    {
      config: { permission: 'admin.all' },
      schema: {
        summary: 'The audit log, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...failures },
      },
    },
    async (request) => audit.list(request.query),
  );

  // Streamed CSV, which no JSON schema describes; errors still take the one error shape.
  app.get(
    '/api/admin/audit/export',
    {
      config: { permission: 'admin.all' },
      schema: { summary: 'The audit log as CSV, for the same filter', querystring: auditFilterSchema },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(request.query, auditActor(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`audit-log-${day}.csv`))
        .send(csv);
    },
  );
};
