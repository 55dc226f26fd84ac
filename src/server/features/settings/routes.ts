import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** GET /api/settings/:category and POST /api/settings/:category/batch (issue 5). */
export const settingsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
