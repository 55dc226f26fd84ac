import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** The admin orders API: list, dashboard, status changes, activity, notes, delete, export (issue 5). */
export const adminOrderRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
