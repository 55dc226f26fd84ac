/** Staff's view of the delivery estimates: the back-test and the units now past their window. */
import { forecastAccuracySchema, pastWindowSchema } from '../schemas/forecast.js';
import { defineRoute } from './define-route.js';

export const forecastRoutes = {
  accuracy: defineRoute({
    method: 'GET',
    path: '/api/admin/forecast/accuracy',
    responses: { 200: forecastAccuracySchema },
  }),
  pastWindow: defineRoute({
    method: 'GET',
    path: '/api/admin/forecast/past-window',
    responses: { 200: pastWindowSchema },
  }),
};
