/** Insights (permission insights.read): one chart's rows as JSON, or as CSV with `Accept: text/csv`. */
import { insightRowsSchema, insightsParamsSchema, insightsQuerySchema } from '../schemas/insights.js';
import { defineRoute } from './define-route.js';

export const insightsRoutes = {
  chart: defineRoute({
    method: 'GET',
    path: '/api/admin/insights/:chart',
    params: insightsParamsSchema,
    query: insightsQuerySchema,
    responses: { 200: insightRowsSchema },
  }),
};
