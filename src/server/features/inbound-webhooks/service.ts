import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { WebhookEventDto, WebhookEventsQuery } from '../../../shared/schemas/webhook-events.js';
import { payloadObject, variantFor, webhookEndpoint } from '../../../shared/schemas/webhooks.js';
import type { Db, Executor } from '../../db/client.js';
import { isConnectionLost, isDiskFull } from '../../db/failures.js';
import { processedDeliveries, type WebhookEvent, webhookEvents } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { OrderWriter } from '../orders/index.js';
import type { ServiceAreaService } from '../service-areas/index.js';
import type * as effects from './effects.js';
import { webhooksErrors } from './errors.js';
import { inboundWebhookFor, logLabelOf } from './registry.js';

/** How long a delivery without an idempotency header is recognised by its payload alone (decision). */
export const PAYLOAD_DEDUPE_WINDOW_MS = 60 * 60 * 1000;

export interface WebhookCaller {
  /** Null for a replay whose key was deleted since. */
  id: number | null;
  name: string;
}

export interface Delivery {
  /** The path after /api/webhooks/. */
  endpoint: string;
  body: unknown;
  caller: WebhookCaller;
  /** The Idempotency-Key or webhook-id header. */
  idempotencyKey?: string;
  /** An admin's replay of this logged event: applied again, never deduplicated. */
  replayOf?: number;
}

/** An applied (or repeated) delivery: its answer's body, and whether it created something. */
export interface DeliveryAnswer {
  created: boolean;
  body: Record<string, unknown>;
  /**
   * The body as sent, JSON: a repeat of the delivery sends the first answer's very bytes (a jsonb
   * column would give its keys back in its own order).
   */
  text: string;
  /** The webhook_events row that logs this delivery. */
  eventId: number;
}

/** A refused delivery, once logged: the error handler answers it like any coded error. */
export class RefusedDelivery extends AppError {
  constructor(
    error: AppError,
    /** The webhook_events row that logs the refusal. */
    readonly eventId: number,
  ) {
    super(error.kind, error.message, { ...error.extra, code: error.code });
  }
}

interface StoredAnswer {
  body: Record<string, unknown>;
  /** The body's text as first sent; absent from answers stored before it was kept. */
  text?: string;
  requestHash: string;
  orderId: number | null;
  stage: string | null;
}

/** JSON with object keys sorted, so two encodings of one payload hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function externalOrderIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>).orderId;
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 200) : null;
}

export function toWebhookEventDto(row: WebhookEvent): WebhookEventDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    endpoint: row.endpoint,
    eventType: row.eventType,
    stage: row.stage,
    orderId: row.orderId,
    externalOrderId: row.externalOrderId,
    data: row.data,
    status: row.status,
    statusCode: row.statusCode,
    response: row.response,
    error: row.error,
    apiKeyName: row.apiKeyName,
    deliveryKey: row.deliveryKey,
    replayOf: row.replayOf,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * Inbound webhooks (docs/api.md): validates a delivery, applies it exactly once and logs it. A delivery
 * is claimed in `processed_deliveries` in the same transaction as its effect and its log row, so a
 * repeat (in a row or concurrent) finds the claim and gets the first answer back, and a delivery that
 * fails leaves no claim behind and can be retried.
 */
export function createWebhookService({
  db,
  clock,
  serviceAreas,
  orders,
}: {
  db: Db;
  clock: Clock;
  serviceAreas: Pick<ServiceAreaService, 'unlockOrders' | 'enableCodes'>;
  orders: OrderWriter;
}) {
  async function log(executor: Executor, values: typeof webhookEvents.$inferInsert): Promise<number> {
    const [row] = await executor.insert(webhookEvents).values(values).returning({ id: webhookEvents.id });
    if (!row) throw new Error('logging the webhook delivery returned no row');
    return row.id;
  }

  /** Claims the key; false when a committed delivery already holds it (within the window for payload keys). */
  async function claim(tx: Executor, key: string, now: Date, expiresBefore: Date | null): Promise<boolean> {
    const placeholder = { statusCode: 0, response: null, createdAt: now };
    const insert = tx.insert(processedDeliveries).values({ key, source: 'webhook', ...placeholder });
    const claimed = expiresBefore
      ? await insert
          .onConflictDoUpdate({
            target: processedDeliveries.key,
            set: placeholder,
            setWhere: lt(processedDeliveries.createdAt, expiresBefore),
          })
          .returning({ key: processedDeliveries.key })
      : await insert
          .onConflictDoNothing({ target: processedDeliveries.key })
          .returning({ key: processedDeliveries.key });
    return claimed.length > 0;
  }

  async function deliver(delivery: Delivery): Promise<DeliveryAnswer> {
    const definition = webhookEndpoint(delivery.endpoint);
    if (!definition)
      throw webhooksErrors.WEBHOOK_ENDPOINT_UNKNOWN(`Unknown webhook endpoint ${delivery.endpoint}`);
    const externalOrderId = externalOrderIdOf(delivery.body);
    const trace: effects.Trace = { orderId: null, stage: logLabelOf(delivery.endpoint) };
    const base = {
      endpoint: delivery.endpoint,
      eventType: definition.eventType,
      externalOrderId,
      data: delivery.body,
      apiKeyId: delivery.caller.id,
      apiKeyName: delivery.caller.name,
      replayOf: delivery.replayOf ?? null,
    };

    const requestHash = sha256(`${delivery.endpoint}\n${canonical(delivery.body)}`);
    const deliveryKey =
      delivery.replayOf !== undefined
        ? null
        : delivery.idempotencyKey
          ? `webhook:${delivery.endpoint}:key:${delivery.idempotencyKey}`
          : `webhook:${delivery.endpoint}:body:${requestHash}`;

    // The log records the answer the caller got, refusals included.
    const logFailure = (
      statusCode: number,
      body: { code: string; message: string; fields?: Record<string, string> },
    ) =>
      log(db, {
        ...base,
        stage: trace.stage,
        orderId: trace.orderId,
        deliveryKey,
        status: 'error',
        statusCode,
        response: body,
        error: body.message,
        createdAt: clock.now(),
      });
    const refuse = async (error: AppError): Promise<never> => {
      const fields = error.extra.fields;
      const eventId = await logFailure(error.statusCode, {
        code: error.code,
        message: error.message,
        ...(fields && { fields }),
      });
      throw new RefusedDelivery(error, eventId);
    };

    const object = payloadObject(delivery.body);
    if (!object.success)
      return refuse(webhooksErrors.VALIDATION_FAILED(object.message, { fields: object.fields }));
    const variant = variantFor(definition, object.data);
    const webhook = inboundWebhookFor(delivery.endpoint, variant);
    if (!webhook) throw new Error(`no effect is registered for the webhook ${delivery.endpoint}`);
    const checked = webhook.accept(variant, object.data);
    if (!checked.success)
      return refuse(webhooksErrors.VALIDATION_FAILED(checked.message, { fields: checked.fields }));

    try {
      return await db.transaction(async (tx) => {
        const now = clock.now();
        if (deliveryKey) {
          const expiresBefore = delivery.idempotencyKey
            ? null
            : new Date(now.getTime() - PAYLOAD_DEDUPE_WINDOW_MS);
          if (!(await claim(tx, deliveryKey, now, expiresBefore))) {
            const [first] = await tx
              .select()
              .from(processedDeliveries)
              .where(eq(processedDeliveries.key, deliveryKey));
            const stored = first?.response as StoredAnswer | null | undefined;
            if (!first || !stored) throw new Error(`claimed delivery ${deliveryKey} has no stored answer`);
            trace.orderId = stored.orderId;
            trace.stage = stored.stage;
            if (stored.requestHash !== requestHash) {
              throw webhooksErrors.IDEMPOTENCY_KEY_REUSED(
                'This idempotency key was already used with a different payload',
              );
            }
            const eventId = await log(tx, {
              ...base,
              stage: stored.stage,
              orderId: stored.orderId,
              deliveryKey,
              status: 'warning',
              statusCode: first.statusCode,
              response: stored.body,
              error: `Duplicate delivery: already processed at ${first.createdAt.toISOString()}; the first answer was returned and nothing changed`,
              createdAt: now,
            });
            const text = stored.text ?? JSON.stringify(stored.body);
            return { created: first.statusCode === 201, body: stored.body, text, eventId };
          }
        }

        const applied = await checked.apply({
          tx,
          now,
          actor: { kind: 'webhook', keyName: delivery.caller.name },
          trace,
          serviceAreas,
          orders,
        });
        // The log (and a repeat of this delivery) records the HTTP answer it got.
        const outcome = { statusCode: applied.created ? 201 : 200, body: applied.body };
        const text = JSON.stringify(outcome.body);
        if (deliveryKey) {
          const stored: StoredAnswer = {
            body: outcome.body,
            text,
            requestHash,
            orderId: trace.orderId,
            stage: trace.stage,
          };
          await tx
            .update(processedDeliveries)
            .set({ statusCode: outcome.statusCode, response: stored })
            .where(eq(processedDeliveries.key, deliveryKey));
        }
        const eventId = await log(tx, {
          ...base,
          stage: trace.stage,
          orderId: trace.orderId,
          deliveryKey,
          status: 'success',
          statusCode: outcome.statusCode,
          response: outcome.body,
          createdAt: now,
        });
        return { created: Boolean(applied.created), body: outcome.body, text, eventId };
      });
    } catch (error) {
      if (error instanceof AppError) return refuse(error);
      // Logged for the Logs tab (when the database takes it) with the answer the error handler gives.
      const answered = isConnectionLost(error)
        ? { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'Database unavailable' }
        : isDiskFull(error)
          ? { statusCode: 507, code: 'DISK_FULL', message: 'Out of storage space' }
          : { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
      const { statusCode, ...body } = answered;
      await logFailure(statusCode, body).catch(() => undefined);
      throw error;
    }
  }

  return {
    deliver,

    /** The Logs tab: newest first (or oldest), paged; `q` matches the order id, event type, endpoint or key name. */
    async list(query: WebhookEventsQuery) {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(webhookEvents.status, query.status));
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const matches = or(
          ilike(webhookEvents.externalOrderId, pattern),
          ilike(webhookEvents.eventType, pattern),
          ilike(webhookEvents.endpoint, pattern),
          ilike(webhookEvents.apiKeyName, pattern),
        );
        if (matches) conditions.push(matches);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(webhookEvents)
          .where(where)
          .orderBy(
            ...(query.sort === 'createdAt:asc'
              ? [asc(webhookEvents.createdAt), asc(webhookEvents.id)]
              : [desc(webhookEvents.createdAt), desc(webhookEvents.id)]),
          )
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(webhookEvents).where(where),
      ]);
      return { items: rows.map(toWebhookEventDto), total: counted?.total ?? 0 };
    },

    /** Runs a logged delivery's payload through the same path again, logged as a replay. */
    /** Replays a logged delivery; the audit entry follows the replay's own transaction, with its outcome. */
    async replay(eventId: number, actor: AuditActor) {
      const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
      if (!event) throw webhooksErrors.WEBHOOK_EVENT_NOT_FOUND('Webhook event not found');
      if (!event.data || typeof event.data !== 'object' || Array.isArray(event.data)) {
        throw webhooksErrors.NOTHING_TO_REPLAY('This event has no payload to replay');
      }
      // The replay's own answer is shown to the admin as data, a refusal included.
      const answer = await deliver({
        endpoint: event.endpoint,
        body: event.data,
        caller: { id: event.apiKeyId, name: event.apiKeyName ?? 'replay' },
        replayOf: event.id,
      }).catch((error: unknown) => {
        if (error instanceof RefusedDelivery) return error;
        throw error;
      });
      const [logged] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, answer.eventId));
      if (!logged) throw new Error('the replay was not logged');
      await recordAudit(db, {
        actor,
        action: 'webhook_event.replayed',
        target: { type: 'webhook_event', id: eventId },
        changes: { replayEventId: logged.id, statusCode: logged.statusCode },
      });
      return { event: toWebhookEventDto(logged), statusCode: logged.statusCode, response: logged.response };
    },
  };
}
