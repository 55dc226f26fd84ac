/**
 * The tables of the database, for drizzle-kit (drizzle.config.ts) and the client. The orders, their
 * units and their log are in schema/orders.ts and are not re-exported here: only the orders module
 * reads and writes them (decision 230).
 */
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
import type { MailAttachment } from '../mail/mailer.js';
import { timestamps } from './schema/columns.js';
import { orderItems, orders } from './schema/orders.js';
import { users } from './schema/users.js';

export { type NotificationPrefs, users } from './schema/users.js';

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

/**
 * An invitation to join the staff: the invited account exists (pending, no password, its role set), and
 * whoever holds the mailed link's token chooses its password once. Only the token's hash is kept, so a
 * copy of the table lets no one accept an invitation; one row per account, replaced when re-invited.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's 256-bit token. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the password was chosen: the token works once. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_user_key').on(t.userId),
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
  ],
);

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

/**
 * A staff member's own back-office choices (src/server/features/staff-preferences/); a null column is
 * "not chosen", answered as the default. Gone with the person.
 */
export const staffPreferences = pgTable('staff_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ordersPageSize: integer('orders_page_size'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's saved views of the orders list: a name and the list's address without the page. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: text('params').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One name per person, whatever its case; the index also serves the person's list.
  (t) => [uniqueIndex('saved_views_user_name_key').on(t.userId, sql`lower(${t.name})`)],
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
    /**
     * The settings key of the secret the delivery is signed with: the automation webhooks' by default,
     * the financing providers' for a financing application (decision 271).
     */
    signingKey: text('signing_key').notNull().default('automationSigningSecret'),
    /** The financing application a delivery carries: its personal data goes when the application does. */
    financingApplicationId: integer('financing_application_id').references(() => financingApplications.id, {
      onDelete: 'cascade',
    }),
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

/**
 * A customer's financing application for one unit at the payment stage (decision 270): a draft saved
 * as they go, then submitted to the chosen provider, then approved or declined by its answer through
 * the payment webhook. `applicant` holds personal data: read only by its customer and staff with
 * `financing.read`; it goes with the unit (its order) and with the customer.
 */
export const financingApplications = pgTable(
  'financing_applications',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The unit's number in its order (it never changes), so lists need not read the units. */
    itemNumber: integer('item_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state')
      .$type<'draft' | 'submitted' | 'approved' | 'declined' | 'withdrawn'>()
      .notNull()
      .default('draft'),
    provider: text('provider'),
    termMonths: integer('term_months'),
    /** Cents, as every amount in this product. */
    amount: integer('amount'),
    applicant: jsonb('applicant').$type<Record<string, unknown>>().notNull().default({}),
    consent: boolean('consent').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('financing_applications_item_key').on(t.orderItemId),
    index('financing_applications_state_idx').on(t.state, t.updatedAt),
    index('financing_applications_order_idx').on(t.orderId),
    index('financing_applications_user_idx').on(t.userId),
  ],
);

/** The uploaded files an application carries (kept from the abandoned-upload purge while it does). */
export const financingApplicationDocuments = pgTable(
  'financing_application_documents',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.uploadId] }),
    index('financing_application_documents_upload_idx').on(t.uploadId),
  ],
);

/**
 * A bulk action over a filter of the orders list (decision 285): status change, export or delete, run
 * as one server job. The row is written (committed) before the work starts; the work runs in one
 * transaction that holds this row locked and sets `state` to `done` as its last write, so the job's
 * changes and its `done` commit together. A row left `running` with no transaction holding it was cut
 * off by a stop: start-up marks it `failed` and says it was rolled back (decision 286).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<'status' | 'export' | 'delete'>().notNull(),
    /** The orders list's filter as the request named it. */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    /** The stage a status job moves every unit to. */
    status: text('status'),
    state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    /** Orders matching the filter, and those handled so far (progress while running). */
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    /** What the staff member is told when it ends: the outcome, or why it failed and what became of it. */
    message: text('message'),
    /** The CSV an export job produced, downloaded from GET /api/admin/jobs/:id/file. */
    file: text('file'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('bulk_jobs_running_idx').on(t.id).where(sql`${t.state} = 'running'`)],
);

export type User = typeof users.$inferSelect;
export type PaymentSession = typeof paymentSessions.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type DeliverySlot = typeof deliverySlots.$inferSelect;
export type DeliveryBooking = typeof deliveryBookings.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type BulkJob = typeof bulkJobs.$inferSelect;
