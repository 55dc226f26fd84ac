import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** Enabled ZIP codes and location revalidation (issue 5). */
export const serviceAreaRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
