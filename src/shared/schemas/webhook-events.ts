/** The Webhooks page's Logs tab: one logged delivery, the list's query and a replay's answer. */
import * as z from 'zod/mini';

export const WEBHOOK_LOG_STATUSES = ['success', 'warning', 'error'] as const;
export type WebhookLogStatus = (typeof WEBHOOK_LOG_STATUSES)[number];
export const WEBHOOK_EVENTS_PAGE_SIZE = 20;

export const webhookEventsQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)),
    WEBHOOK_EVENTS_PAGE_SIZE,
  ),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: z.optional(z.enum(WEBHOOK_LOG_STATUSES)),
  /** Newest first unless asked otherwise. */
  sort: z._default(z.enum(['createdAt:desc', 'createdAt:asc']), 'createdAt:desc'),
});
export type WebhookEventsQuery = z.infer<typeof webhookEventsQuerySchema>;

export const webhookEventSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  endpoint: z.string(),
  eventType: z.string(),
  stage: z.nullable(z.string()),
  /** The order's internal id, when the delivery named a known order. */
  orderId: z.nullable(z.number()),
  /** The payload's orderId as sent. */
  externalOrderId: z.nullable(z.string()),
  /** The payload as received: an object, or (older rows, other senders) a JSON string. */
  data: z.unknown(),
  status: z.enum(WEBHOOK_LOG_STATUSES),
  statusCode: z.number(),
  response: z.unknown(),
  error: z.nullable(z.string()),
  apiKeyName: z.nullable(z.string()),
  deliveryKey: z.nullable(z.string()),
  replayOf: z.nullable(z.number()),
});
export type WebhookEventDto = z.infer<typeof webhookEventSchema>;

export const webhookEventsPageSchema = z.object({ items: z.array(webhookEventSchema), total: z.number() });
export type WebhookEventsPage = z.infer<typeof webhookEventsPageSchema>;

export const webhookReplaySchema = z.object({
  event: webhookEventSchema,
  statusCode: z.number(),
  response: z.unknown(),
});
export type WebhookReplay = z.infer<typeof webhookReplaySchema>;
