import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/constants.js';
import type { Locale } from '../../shared/locales.js';
import type { Stage } from '../../shared/stages.js';
import type { MailAttachment } from '../mail/mailer.js';
import { fullNameOf } from './full-name.js';
import { stageRankOf } from './stage-rank.js';

/**
 * A fresh tracking token: 32 bytes (244 of them random, from two version-4 UUIDs drawn from the
 * database's strong random source) as 43 base64url characters. The column's default, so every insert
 * path gets one and a replacement is `set tracking_token = default` (decision 137).
 */
const newTrackingToken = sql`translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export type ShippingAddress = { street?: string; city?: string; state?: string; zipCode?: string } | string;
export type StageData = Record<string, unknown>;
export type NotificationPrefs = { email: boolean; sms: boolean };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased; the unique index makes one account per address. */
    email: text('email').notNull(),
    /** scrypt hash; null for a PENDING account that was created from an order. */
    password: text('password'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    role: text('role').$type<Role>().notNull().default('USER'),
    /** Spec fields kept for compatibility; codes themselves live hashed in verification_codes. */
    verificationCode: text('verification_code'),
    verificationExpires: timestamp('verification_expires', { withTimezone: true }),
    verified: boolean('verified').notNull().default(false),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default({ email: true, sms: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** The language the user chose (portal and e-mails); null until they choose. */
    locale: text('locale').$type<Locale>(),
    /**
     * The supported language the browser asked for (Accept-Language) when the account was made or last
     * signed in: the e-mails' language while the user has not chosen one (decision 164).
     */
    browserLocale: text('browser_locale').$type<Locale>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    // The admin search matches text anywhere in the e-mail or name (ILIKE '%…%'): trigram indexes
    // (decision 184). An expression takes its operator class inside the SQL.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', sql`${fullNameOf(t.firstName, t.lastName)} gin_trgm_ops`),
    check('users_locale_check', sql`${t.locale} in ('en', 'es', 'fr')`),
    check('users_browser_locale_check', sql`${t.browserLocale} in ('en', 'es', 'fr')`),
  ],
);

/**
 * The order's exported text cells joined by a character no cell holds in practice (\x01), tested once:
 * a separator anywhere, or a formula character at the start of the text or after the joiner. A cell
 * that does hold \x01 can only make the test true, which is the safe answer.
 */
const EXPORT_PLAIN = sql.raw(
  `(coalesce(order_id, '') || E'\\x01' || coalesce(product_name, '') || E'\\x01' || coalesce(status, '') || E'\\x01' || coalesce(payment_method, '') || E'\\x01' || coalesce(transaction_id, '') || E'\\x01' || coalesce(zip_code, '')) !~ E'[,;|\\t\\r\\n]|(^|\\x01)[-=+@＝＋－＠]'`,
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The business id, e.g. 'VH1042' from the website builder. */
    orderId: text('order_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    /** Derived: the least advanced status of the order's units, kept in the same transaction. */
    status: text('status').$type<Stage>().notNull().default('ORDER_PLACED'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    zipCode: text('zip_code'),
    phoneNumber: text('phone_number'),
    paymentMethod: text('payment_method'),
    /** Its presence means the order is paid. */
    transactionId: text('transaction_id'),
    amount: text('amount'),
    currentStageData: jsonb('current_stage_data').$type<StageData>().notNull().default({}),
    webflowOrderId: text('webflow_order_id'),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    /** The secret of the public tracking link /track/:token; kept readable, staff and mail show it. */
    trackingToken: text('tracking_token').notNull().default(newTrackingToken),
    /**
     * Derived, for the CSV export: true when no text cell of the order needs the formula escape (no
     * separator anywhere, no cell starting with a formula character), so the export writes those
     * cells as they are instead of testing each one on every export. Computed when the row is
     * written; false only sends the row through the full escape, which gives the same cells then.
     */
    exportPlain: boolean('export_plain').generatedAlwaysAs(EXPORT_PLAIN),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_id_key').on(t.orderId),
    uniqueIndex('orders_tracking_token_key').on(t.trackingToken),
    index('orders_user_id_idx').on(t.userId),
    // The admin list: a status filter with the default sort (newest first, id as tiebreak) reads ten
    // index entries; its count and the dashboard's counts by status are index-only scans.
    index('orders_status_date_idx').on(t.status, t.orderDate, t.id),
    // The unfiltered list, newest or oldest first, and the date filters.
    index('orders_order_date_idx').on(t.orderDate, t.id),
    // The list sorted by stage in fulfilment order (see stageRankOf).
    index('orders_stage_rank_idx').on(stageRankOf(t.status), t.id),
    index('orders_zip_code_idx').on(t.zipCode),
    // The admin search and product filter, text anywhere in the id or product (decision 184).
    index('orders_order_id_trgm_idx').using('gin', t.orderId.op('gin_trgm_ops')),
    index('orders_product_name_trgm_idx').using('gin', t.productName.op('gin_trgm_ops')),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemNumber: integer('item_number').notNull(),
    status: text('status').$type<Stage>().notNull().default('ORDER_PLACED'),
    currentStageData: jsonb('current_stage_data').$type<StageData>().notNull().default({}),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    /** When the unit entered its current stage (dashboard: units waiting longest). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_items_order_item_number_key').on(t.orderId, t.itemNumber),
    index('order_items_status_idx').on(t.status, t.statusChangedAt),
    // The dashboard's units waiting longest in their stage.
    index('order_items_waiting_idx').on(t.statusChangedAt, t.id).where(sql`${t.status} <> 'DELIVERED'`),
  ],
);

export const eventLogs = pgTable(
  'event_logs',
  {
    id: serial('id').primaryKey(),
    /** Null for events about no single order (e.g. a global location validation). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    stage: text('stage'),
    /** ORDER_ITEM_STATUS_UPDATED, INTERNAL_NOTE, WEBHOOK_RECEIVED, … */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** admin:<id>, customer:<id>, webhook:<api-key name>, stripe or system. */
    initiatedBy: text('initiated_by').notNull(),
    /** Internal events (admin notes, webhook logs) are never returned by customer routes. */
    internal: boolean('internal').notNull().default(false),
  },
  (t) => [
    index('event_logs_order_idx').on(t.orderId, t.timestamp),
    index('event_logs_type_idx').on(t.type, t.timestamp),
    // Deleting a unit sets its events' order_item_id to null: without this, one table scan per unit.
    index('event_logs_order_item_idx').on(t.orderItemId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** scrypt hash of the 6 digits, never the digits themselves. */
    code: text('code').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    /** Tries at this code, counted before each is compared, so concurrent guesses cannot exceed the limit. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    requestIp: text('request_ip'),
    /** Asked for by a browser that had just passed the password step: outside the per-IP limit. */
    afterPassword: boolean('after_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.createdAt),
    index('verification_codes_ip_idx').on(t.requestIp, t.createdAt),
  ],
);

/**
 * Wrong codes entered for an address within a day; once they reach the budget, the address's codes
 * stop working until `lockedUntil`, and its owner is told (at most once a day, `notifiedAt`).
 */
export const signInLocks = pgTable('sign_in_locks', {
  email: text('email').primaryKey(),
  wrongCodes: integer('wrong_codes').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

/**
 * Failures counted per key within a window, and when the next try may come: wrong passwords per
 * account (`password:<email>`, a growing wait) and wrong codes per requester (`code-guesses:<ip>`),
 * kept here so that every instance on this database shares them (decision 209).
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }),
});

/** Request counts of the per-minute route limits, shared by every instance on this database. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    category: text('category').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_key_key').on(t.key), index('settings_category_idx').on(t.category)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the opaque cookie token. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Moved forward at most once a minute by the requests of this session (decision 150). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The challenge of a passkey being registered from this session, until it is answered. */
    passkeyChallenge: text('passkey_challenge'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Proof that this browser passed the password step; the code step of a login needs it. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Wrong second-factor answers given with this challenge; the fifth ends it. */
    failedFactorAttempts: integer('failed_factor_attempts').notNull().default(0),
    /** The WebAuthn challenge of the passkey step of this sign-in. */
    passkeyChallenge: text('passkey_challenge'),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash)],
);

/**
 * A staff member's authenticator app (RFC 6238). The secret must be readable to compute codes, so it
 * is stored as is; a row without `confirmedAt` is an enrolment not yet confirmed with a code.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second step of the last accepted code: a code is accepted once, and never an older one. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** WebAuthn credentials (passkeys) registered by staff. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes, SHA-256 hashed (they are random and long, like session tokens). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_code_hash_key').on(t.userId, t.codeHash)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The first characters of the key, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash)],
);

/** One row per processed external delivery (webhook idempotency key, Stripe event id). */
export const processedDeliveries = pgTable('processed_deliveries', {
  key: text('key').primaryKey(),
  source: text('source').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response').$type<unknown>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deposit checkout started for one unit, with Stripe or the built-in test checkout. The success page
 * reads it; only a verified payment event (never the redirect) marks the unit paid.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: serial('id').primaryKey(),
    /** Stripe's Checkout Session id (cs_…) or the test checkout's own. */
    sessionId: text('session_id').notNull(),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Checkout Session status: open, complete, expired. */
    status: text('status').notNull().default('open'),
    /** Stripe's payment_status vocabulary plus 'processing' and 'failed' for bank payments. */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    paymentMethodTypes: jsonb('payment_method_types').$type<string[]>().notNull().default([]),
    paymentIntentId: text('payment_intent_id'),
    customerEmail: text('customer_email'),
    url: text('url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_sessions_session_id_key').on(t.sessionId),
    // Deleting an order cascades to its sessions.
    index('payment_sessions_order_idx').on(t.orderId),
    index('payment_sessions_item_idx').on(t.orderItemId, t.createdAt),
    index('payment_sessions_intent_idx').on(t.paymentIntentId),
  ],
);

/** Durable queue of outbound automation webhooks; survives restarts. */
export const outboundWebhooks = pgTable(
  'outbound_webhooks',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbound_webhooks_message_id_key').on(t.messageId),
    index('outbound_webhooks_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const outboundWebhookAttempts = pgTable(
  'outbound_webhook_attempts',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => outboundWebhooks.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_webhook_attempts_webhook_idx').on(t.webhookId)],
);

/**
 * Every inbound webhook delivery, accepted or refused after authentication (the Webhooks page's Logs).
 * `data` is the payload as received; `status` is what the log shows (Success, Warning, Error).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The path after /api/webhooks/, e.g. 'order-status', 'location-validation/bulk'. */
    endpoint: text('endpoint').notNull(),
    /** e.g. ORDER_STATUS_UPDATE, DOCUMENT_SIGNING, PAYMENT, LOCATION_VALIDATION, DELIVERY_DATE, ORDER_CREATED. */
    eventType: text('event_type').notNull(),
    /** The stage the log labels the event with. */
    stage: text('stage'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The payload's orderId as sent (the business id), kept when the order is unknown or deleted. */
    externalOrderId: text('external_order_id'),
    data: jsonb('data').$type<unknown>(),
    status: text('status').$type<'success' | 'warning' | 'error'>().notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>(),
    error: text('error'),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    apiKeyName: text('api_key_name'),
    /** Idempotency-Key / webhook-id header or the payload's own identity. */
    deliveryKey: text('delivery_key'),
    /** Set on an admin replay: the event replayed. */
    replayOf: integer('replay_of'),
  },
  (t) => [
    index('webhook_events_created_idx').on(t.createdAt, t.id),
    index('webhook_events_order_idx').on(t.orderId),
  ],
);

/**
 * Durable queue of notification e-mails, written in the transaction of the change they report so a
 * committed change is mailed once and a rolled-back one never; a worker sends them and retries.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** e.g. 'stage-change', 'admin-new-order', 'admin-payment', 'admin-document-signing', 'import'. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (a calendar invitation); their text content is stored as is. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Makes enqueueing idempotent, e.g. 'stage-change:<event_logs.id>'. */
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A day staff open for deliveries, with how many units can be delivered that day. */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial('id').primaryKey(),
    /** The calendar day (a delivery day runs from 00:00 UTC, decision 123). */
    date: date('date', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('delivery_slots_date_key').on(t.date),
    check('delivery_slots_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/**
 * A unit's booked delivery day: at most one per unit (moving it changes `slot_id`). The places taken
 * on a day are counted from these rows under the day's row lock (decision 123).
 */
export const deliveryBookings = pgTable(
  'delivery_bookings',
  {
    id: serial('id').primaryKey(),
    // A day with bookings cannot be removed (decision 125).
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The customer who booked. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How many times the day was moved: the calendar invitation's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('delivery_bookings_order_item_key').on(t.orderItemId),
    index('delivery_bookings_slot_idx').on(t.slotId),
  ],
);

/**
 * What staff did, one row per action, written in the transaction of the change it records. Rows are
 * never changed or removed: a trigger refuses UPDATE and DELETE (decision 145). The actor is a plain
 * id plus the e-mail at the time, not a foreign key, so entries outlive the user who made them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** Text: a ZIP code or a settings category is a target as much as a row id. */
    targetId: text('target_id'),
    /** What changed; secret values appear only as changed, never as themselves. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorEmail, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** File bytes kept in the database, so every instance serves every file. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A file sent by a customer or staff member, bound to one order (the order's quota counts it, and only
 * that order's customer and staff can read it) from its upload, or when it is attached. It is attached
 * to at most one message; unit documents point at it.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** Random, so an id in a link reveals nothing about other files. */
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    /** Null until a file uploaded without an order is attached to one (its uploader alone reads it). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Decided from the bytes, never from the browser's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** Set when the file is sent with a message. */
    messageId: integer('message_id').references(() => orderMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_order_idx').on(t.orderId), index('uploads_message_idx').on(t.messageId)],
);

/** One message of an order's conversation between its customer and the staff. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').$type<'customer' | 'staff'>().notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_messages_order_idx').on(t.orderId, t.id)],
);

/**
 * Each order's conversation in one row, kept in the transaction of every message: the staff list
 * sorts and pages on it. `waitingSince` is the first customer message not yet answered by staff.
 */
export const conversations = pgTable(
  'conversations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
  },
  (t) => [
    index('conversations_waiting_idx')
      .on(t.waitingSince, t.orderId)
      .where(sql`${t.waitingSince} is not null`),
    index('conversations_last_idx').on(t.lastMessageAt, t.orderId),
  ],
);

/** How far each reader (the customer, every staff member) has read an order's conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);

/** A file staff attached to one unit (a permit, a delivery note), listed in the unit's details. */
export const unitDocuments = pgTable(
  'unit_documents',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unit_documents_item_idx').on(t.orderItemId, t.id)],
);

export type User = typeof users.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type EventLog = typeof eventLogs.$inferSelect;
export type PaymentSession = typeof paymentSessions.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type DeliverySlot = typeof deliverySlots.$inferSelect;
export type DeliveryBooking = typeof deliveryBookings.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
