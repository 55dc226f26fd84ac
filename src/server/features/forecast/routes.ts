import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forecastAccuracySchema, pastWindowSchema } from '../../../shared/schemas/forecast.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import type { ForecastService } from './service.js';

const failures = { 401: errorBody, 403: errorBody };

/** Staff's view of the delivery estimates: how good they were, and which units are now past them. */
export const forecastRoutes: FastifyPluginAsyncZod<{ forecast: ForecastService }> = async (
  app,
  { forecast },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/forecast/accuracy',
    {
      config: { permission: 'dashboard.read' },
      schema: { response: { 200: forecastAccuracySchema, ...failures } },
    },
    async () => forecast.accuracy(),
  );

  app.get(
    '/api/admin/forecast/past-window',
    {
      config: { permission: 'dashboard.read' },
      schema: { response: { 200: pastWindowSchema, ...failures } },
    },
    async () => forecast.pastWindow(),
  );
};
