import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** API keys: list, create (shown once), revoke (DESIGN §7). */
export const apiKeyRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
