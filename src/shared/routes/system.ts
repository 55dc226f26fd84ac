/** The public configuration the browser reads, and the OpenAPI document (answered as-is, no schema). */
import { publicConfigSchema } from '../schemas/config.js';
import { defineRoute } from './define-route.js';

export const systemRoutes = {
  publicConfig: defineRoute({
    method: 'GET',
    path: '/api/config',
    responses: { 200: publicConfigSchema },
  }),
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    responses: {},
  }),
};
