/** The audit log (admin only): a page, and a CSV export of the same filter (no JSON answer). */
import { auditFilterSchema, auditPageSchema, auditQuerySchema } from '../schemas/audit.js';
import { defineRoute } from './define-route.js';

export const auditRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/api/admin/audit/export',
    query: auditFilterSchema,
    responses: {},
  }),
};
