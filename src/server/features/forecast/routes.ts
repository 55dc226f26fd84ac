import type { FastifyPluginAsync } from 'fastify';
import { forecastRoutes as routes } from '../../../shared/routes/forecast.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import type { ForecastService } from './service.js';

const failures = { 401: errorBody, 403: errorBody };
const config = { permission: 'dashboard.read' };

/**
 * Staff's view of the delivery estimates: how good they were, and which units are now past them.
 * Paths and shapes: src/shared/routes/forecast.ts.
 */
export const forecastRoutes: FastifyPluginAsync<{ forecast: ForecastService }> = async (
  app,
  { forecast },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.accuracy, { config, failures, handler: async () => forecast.accuracy() });

  registerRoute(app, routes.pastWindow, { config, failures, handler: async () => forecast.pastWindow() });
};
