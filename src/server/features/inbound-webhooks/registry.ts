import type * as z from 'zod/mini';
import {
  createOrderPayload,
  deliveryDatePayload,
  documentSigningPayload,
  locationBulkPayload,
  locationGlobalPayload,
  locationOrderPayload,
  orderStatusPayload,
  paymentPayload,
} from '../../../shared/schemas/webhook-payloads.js';
import {
  checkVariant,
  type PayloadFailure,
  type PayloadSchema,
  type PayloadVariant,
  type WebhookPath,
} from '../../../shared/schemas/webhooks.js';
import type { Stage } from '../../../shared/stages.js';
import * as effects from './effects.js';

export interface InboundWebhook {
  /** The path after /api/webhooks/. */
  path: WebhookPath;
  /** The documented payload this entry applies. */
  schema: PayloadSchema;
  /** The stage the Logs tab labels this path's deliveries with. */
  logLabel: Stage;
  /** Checks a body against the payload; on success, the effect bound to the parsed payload. */
  accept(
    variant: PayloadVariant,
    body: Record<string, unknown>,
  ): { success: true; apply: (ctx: effects.EffectContext) => Promise<effects.Outcome> } | PayloadFailure;
}

/** One inbound webhook: TypeScript checks that the effect takes exactly what the schema parses. */
export function defineWebhook<S extends PayloadSchema>(entry: {
  path: WebhookPath;
  schema: S;
  effect: (ctx: effects.EffectContext, input: z.output<S>) => Promise<effects.Outcome>;
  logLabel: Stage;
}): InboundWebhook {
  return {
    path: entry.path,
    schema: entry.schema,
    logLabel: entry.logLabel,
    accept(variant, body) {
      const checked = checkVariant({ schema: entry.schema, conditions: variant.conditions }, body);
      if (!checked.success) return checked;
      return { success: true, apply: (ctx) => entry.effect(ctx, checked.data) };
    },
  };
}

/**
 * Every inbound webhook: a path with two payloads (location validation, for one order or global) has
 * one entry per payload. Routes are registered from this list; adding a webhook is its payload schema
 * in src/shared/schemas/webhook-payloads.ts, its documentation in src/shared/schemas/webhooks.ts, its
 * effect in effects.ts and its entry here.
 */
export const INBOUND_WEBHOOKS: readonly InboundWebhook[] = [
  defineWebhook({
    path: 'order-status',
    schema: orderStatusPayload,
    effect: effects.orderStatus,
    logLabel: 'ORDER_PLACED',
  }),
  defineWebhook({
    path: 'document-signing',
    schema: documentSigningPayload,
    effect: effects.documentSigning,
    logLabel: 'DOCUMENTS_SIGNING',
  }),
  defineWebhook({
    path: 'payment',
    schema: paymentPayload,
    effect: effects.payment,
    logLabel: 'FINANCING_PAYMENT',
  }),
  defineWebhook({
    path: 'location-validation',
    schema: locationOrderPayload,
    effect: effects.locationForOrder,
    logLabel: 'LOCATION_ENABLED',
  }),
  defineWebhook({
    path: 'location-validation',
    schema: locationGlobalPayload,
    effect: effects.locationGlobal,
    logLabel: 'LOCATION_ENABLED',
  }),
  defineWebhook({
    path: 'location-validation/bulk',
    schema: locationBulkPayload,
    effect: effects.locationBulk,
    logLabel: 'LOCATION_ENABLED',
  }),
  defineWebhook({
    path: 'delivery-date',
    schema: deliveryDatePayload,
    effect: effects.deliveryDate,
    logLabel: 'DELIVERY_DATE_CONFIRMED',
  }),
  defineWebhook({
    path: 'orders',
    schema: createOrderPayload,
    effect: effects.createOrderFromWebhook,
    logLabel: 'ORDER_PLACED',
  }),
];

/** The paths to register, each once. */
export const INBOUND_WEBHOOK_PATHS: readonly WebhookPath[] = [
  ...new Set(INBOUND_WEBHOOKS.map((webhook) => webhook.path)),
];

/** The entry that applies this documented payload. */
export function inboundWebhookFor(path: string, variant: PayloadVariant): InboundWebhook | undefined {
  return INBOUND_WEBHOOKS.find((webhook) => webhook.path === path && webhook.schema === variant.schema);
}

/** The Logs tab's stage label of a path (the label stays when the payload is refused). */
export function logLabelOf(path: string): Stage | null {
  return INBOUND_WEBHOOKS.find((webhook) => webhook.path === path)?.logLabel ?? null;
}
