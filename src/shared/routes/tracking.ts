/**
 * The public tracking link: the page's lookup (no session; the token is the only key) and the staff
 * route that replaces a link that reached the wrong hands.
 */
import { idParams } from '../schemas/common.js';
import { trackedOrderSchema, trackingLinkSchema, trackingParamsSchema } from '../schemas/tracking.js';
import { defineRoute } from './define-route.js';

export const trackingRoutes = {
  track: defineRoute({
    method: 'GET',
    path: '/api/track/:token',
    params: trackingParamsSchema,
    responses: { 200: trackedOrderSchema },
  }),
  replaceLink: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/tracking-link',
    params: idParams,
    responses: { 200: trackingLinkSchema },
  }),
};
