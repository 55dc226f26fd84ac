import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.js';

/** Deposit checkout, the Stripe webhook and the payment-session lookup (issue 4). */
export const paymentRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {};
