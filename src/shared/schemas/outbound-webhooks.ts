/** The automation webhook deliveries (outbound, Standard Webhooks) the admin sees and retries. zod/mini. */
import * as z from 'zod/mini';

export const OUTBOUND_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

export const outboundDeliveriesQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z.optional(z.enum(OUTBOUND_STATUSES)),
});
export type OutboundDeliveriesQuery = z.infer<typeof outboundDeliveriesQuerySchema>;

export const outboundAttemptSchema = z.object({
  attemptNumber: z.number(),
  attemptedAt: z.string(),
  /** Null when no answer came (connection refused, timeout). */
  statusCode: z.nullable(z.number()),
  error: z.nullable(z.string()),
  durationMs: z.number(),
});
export type OutboundAttempt = z.infer<typeof outboundAttemptSchema>;

export const outboundDeliverySchema = z.object({
  id: z.number(),
  messageId: z.string(),
  eventType: z.string(),
  url: z.string(),
  status: z.enum(OUTBOUND_STATUSES),
  createdAt: z.string(),
  /** When the next try is due (pending), or was due when the delivery ended. */
  nextAttemptAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  payload: z.record(z.string(), z.unknown()),
  /** Every try, oldest first. */
  attempts: z.array(outboundAttemptSchema),
});
export type OutboundDelivery = z.infer<typeof outboundDeliverySchema>;

export const outboundDeliveriesSchema = z.object({
  items: z.array(outboundDeliverySchema),
  total: z.number(),
});
export type OutboundDeliveries = z.infer<typeof outboundDeliveriesSchema>;

/** GET/POST …/signing-secret: the whole secret, for admins to give to the receiver. */
export const signingSecretSchema = z.object({ secret: z.string() });
