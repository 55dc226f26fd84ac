/**
 * The public tracking link: what `GET /api/track/:token` answers to anyone holding the link, and the
 * link staff replace. Only the product and where each unit stands: nothing that names, locates or
 * bills the customer (decision 137). zod/mini, as for every shape the browser loads.
 */
import * as z from 'zod/mini';
import { deliveryEstimateSchema } from './forecast.js';
import { stageSchema } from './orders.js';

/** Tokens are 43 base64url characters; anything up to this length is looked up and may answer 404. */
export const TRACKING_TOKEN_MAX_LENGTH = 128;

export const trackingParamsSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(TRACKING_TOKEN_MAX_LENGTH)),
});

export const trackedUnitSchema = z.object({
  itemNumber: z.number(),
  status: stageSchema,
  /** The stage's name as the customer reads it. */
  label: z.string(),
  /** The window the unit's delivery is expected in; null once delivered or when none can be given. */
  estimate: z.nullable(deliveryEstimateSchema),
  /** The unit's own delivery day (ISO): booked by the customer or set by the logistics partner. */
  deliveryDate: z.nullable(z.string()),
});

export const trackedOrderSchema = z.object({
  /** The business id printed on the confirmation, e.g. 'VH1042'. */
  orderId: z.string(),
  productName: z.string(),
  units: z.array(trackedUnitSchema),
  /** Derived: the earliest of the units' delivery dates (ISO), null until one has a date. */
  deliveryDate: z.nullable(z.string()),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** `POST /api/admin/orders/:id/tracking-link`: the order's new link; the old one answers 404 from now on. */
export const trackingLinkSchema = z.object({
  token: z.string(),
  /** The page's path, `/track/<token>`; the client puts its own origin in front. */
  path: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export function trackingPath(token: string): string {
  return `/track/${encodeURIComponent(token)}`;
}
