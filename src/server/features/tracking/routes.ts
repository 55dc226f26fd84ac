import type { FastifyPluginAsync } from 'fastify';
import { trackingRoutes as routes } from '../../../shared/routes/tracking.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { TrackingService } from './service.js';

/**
 * The page polls about once a minute per open tab; the limit leaves room for several tabs behind one
 * address while making guessing tokens hopeless (they are 244 random bits anyway).
 */
export const TRACKING_LOOKUPS_PER_MINUTE = 60;

/**
 * GET /api/track/:token: public, no session; the token is the only key. Paths and shapes:
 * src/shared/routes/tracking.ts.
 */
export const trackingRoutes: FastifyPluginAsync<{ tracking: TrackingService }> = async (
  app,
  { tracking },
) => {
  await app.register(trackingLookupRoutes, { tracking });
  await app.register(trackingAdminRoutes, { tracking });
};

/** In a plugin of its own, so that its onRequest hook belongs to this one route. */
const trackingLookupRoutes: FastifyPluginAsync<{ tracking: TrackingService }> = async (app, { tracking }) => {
  // The link is a secret: search engines must not list it, caches must not keep any answer to it
  // (404 and 429 included, hence a hook rather than the handler).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex');
    reply.header('Cache-Control', 'no-store');
  });

  registerRoute(app, routes.track, {
    config: { rateLimit: { max: TRACKING_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
    failures: { 400: errorBody, 404: errorBody, 429: errorBody },
    handler: async (request) => tracking.track(request.params.token),
  });
};

/** POST /api/admin/orders/:id/tracking-link: staff replace a link that reached the wrong hands. */
const trackingAdminRoutes: FastifyPluginAsync<{ tracking: TrackingService }> = async (app, { tracking }) => {
  guardStaffRoutes(app);
  registerRoute(app, routes.replaceLink, {
    config: { permission: 'orders.status' },
    failures: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    handler: async (request) => tracking.replaceLink(request.params.id, auditActor(request)),
  });
};
