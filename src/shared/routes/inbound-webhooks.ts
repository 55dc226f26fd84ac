/**
 * The inbound webhooks (external systems call them with an API key, docs/api.md), one entry per
 * documented path, and the Webhooks page's Logs: the event list and replay. An inbound webhook answers
 * with the stored text of its first delivery, byte for byte, so no JSON schema describes its answer.
 */
import * as z from 'zod/mini';
import { idParams } from '../schemas/common.js';
import {
  webhookEventsPageSchema,
  webhookEventsQuerySchema,
  webhookReplaySchema,
} from '../schemas/webhook-events.js';
import { type PayloadSchema, WEBHOOK_ENDPOINTS, type WebhookEndpoint } from '../schemas/webhooks.js';
import { defineRoute } from './define-route.js';

/** The payload an endpoint documents, or the union of its payloads when it takes more than one. */
function documentedPayload(endpoint: WebhookEndpoint): z.ZodMiniType {
  const [first, ...others] = endpoint.variants.map((variant) => variant.schema);
  if (!first) throw new Error(`inbound webhook ${endpoint.endpoint} documents no payload`);
  return others.length === 0 ? first : z.union([first, ...others] as [PayloadSchema, ...PayloadSchema[]]);
}

function inboundWebhookRoute(endpoint: WebhookEndpoint) {
  return defineRoute({
    method: 'POST',
    path: `/api/webhooks/${endpoint.endpoint}`,
    body: documentedPayload(endpoint),
    responses: {},
  });
}

/** By the path after /api/webhooks/ (`order-status`, `location-validation/bulk`, …). */
export const inboundWebhookRoutes: Readonly<Record<string, ReturnType<typeof inboundWebhookRoute>>> =
  Object.fromEntries(WEBHOOK_ENDPOINTS.map((endpoint) => [endpoint.endpoint, inboundWebhookRoute(endpoint)]));

export const webhookEventRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/webhook-events',
    query: webhookEventsQuerySchema,
    responses: { 200: webhookEventsPageSchema },
  }),
  replay: defineRoute({
    method: 'POST',
    path: '/api/admin/webhook-events/:id/replay',
    params: idParams,
    responses: { 200: webhookReplaySchema },
  }),
};
