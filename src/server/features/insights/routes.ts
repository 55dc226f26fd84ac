import type { FastifyPluginAsync } from 'fastify';
import { insightsRoutes as routes } from '../../../shared/routes/insights.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { attachment } from '../../lib/csv.js';
import { insightCsv } from './csv.js';
import type { InsightsService } from './service.js';

/**
 * One chart of the Insights screen: JSON rows, or the same rows as CSV when the caller accepts
 * `text/csv` (and not JSON first). Paths and shapes: src/shared/routes/insights.ts.
 */
export const insightsRoutes: FastifyPluginAsync<{ insights: InsightsService }> = async (
  app,
  { insights },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.chart, {
    config: { permission: 'insights.read' },
    failures: { 400: errorBody, 401: errorBody, 403: errorBody },
    summary: "One Insights chart's rows",
    description:
      'JSON rows, or the same rows as CSV with `Accept: text/csv` (or `format=csv`). `from` and `to` are UTC days (the last 12 weeks by default); `product` matches product names containing it. docs/insights.md defines each figure.',
    handler: async (request, reply) => {
      const { chart } = request.params;
      const rows = await insights.rows(chart, request.query);
      if (
        request.query.format === 'csv' ||
        (request.query.format !== 'json' && wantsCsv(request.headers.accept))
      ) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`insights-${chart}.csv`))
          .send(insightCsv(chart, rows));
      }
      // The rows come typed from the service; the entry's schema documents them. Written directly: the
      // union of the eight row shapes would be tried row by row (a third of the time of a cached chart).
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
    },
  });
};

/** True when the Accept header names text/csv before (or without) JSON. */
function wantsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = accept.indexOf('text/csv');
  if (csv < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || csv < json;
}
