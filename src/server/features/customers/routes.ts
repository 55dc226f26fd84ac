import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** Customers and users for admins: list, reset password, change e-mail, delete, admin users (issue 5). */
export const customerAdminRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
