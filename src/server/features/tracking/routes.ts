import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  trackedOrderSchema,
  trackingLinkSchema,
  trackingParamsSchema,
} from '../../../shared/schemas/tracking.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { TrackingService } from './service.js';

/**
 * The page polls about once a minute per open tab; the limit leaves room for several tabs behind one
 * address while making guessing tokens hopeless (they are 244 random bits anyway).
 */
export const TRACKING_LOOKUPS_PER_MINUTE = 60;

/** GET /api/track/:token: public, no session; the token is the only key. */
export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  app.get(
    '/api/track/:token',
    {
      config: { rateLimit: { max: TRACKING_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
      // The link is a secret: search engines must not list it, caches must not keep any answer to it
      // (404 and 429 included, hence a hook rather than the handler).
      onRequest: async (_request, reply) => {
        reply.header('X-Robots-Tag', 'noindex');
        reply.header('Cache-Control', 'no-store');
      },
      schema: {
        params: trackingParamsSchema,
        response: { 200: trackedOrderSchema, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => tracking.track(request.params.token),
  );

  await app.register(trackingAdminRoutes, { tracking });
};

/** POST /api/admin/orders/:id/tracking-link: staff replace a link that reached the wrong hands. */
const trackingAdminRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  guardStaffRoutes(app);
  app.post(
    '/api/admin/orders/:id/tracking-link',
    {
      config: { permission: 'orders.status' },
      schema: {
        params: idParams,
        response: { 200: trackingLinkSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => tracking.replaceLink(request.params.id, auditActor(request)),
  );
};
