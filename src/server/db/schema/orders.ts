/**
 * The orders module's tables: the orders, their units (order_items) and their log (event_logs). Only
 * src/server/features/orders/ imports this file (the rule `orders-tables-belong-to-orders` in
 * .dependency-cruiser.cjs, decision 230); the other tables that point at an order (payment sessions,
 * messages, uploads, bookings, …) belong to their capabilities and stay in ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Stage } from '../../../shared/stages.js';
import { stageRankOf } from '../stage-rank.js';
import { timestamps } from './columns.js';
import { users } from './users.js';

/**
 * A fresh tracking token: 32 bytes (244 of them random, from two version-4 UUIDs drawn from the
 * database's strong random source) as 43 base64url characters. The column's default, so every insert
 * path gets one and a replacement is `set tracking_token = default` (decision 137).
 */
const newTrackingToken = sql`translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

export type ShippingAddress = { street?: string; city?: string; state?: string; zipCode?: string } | string;
export type StageData = Record<string, unknown>;

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
    /** Derived: the earliest of its units' delivery dates, kept by the order writer (decision 239). */
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
    /** The unit's own delivery day (noon UTC): its booking, or the delivery-date webhook's. */
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

/**
 * How many orders and units are in each stage, kept by the database itself (decision 287): triggers on
 * `orders` and `order_items` add one row per statement and stage with the change (+ for rows arriving
 * in a stage, - for rows leaving it), so every writer (the order writer, the import, a bulk job, a
 * delete's cascade) keeps it without knowing of it, and no row is updated in place, so concurrent
 * writers never wait on each other. A stage's count is the sum of its rows; the dashboard folds the
 * rows into one per kind and stage when they pile up. Derived: a backup restore rebuilds it.
 */
export const stageCounts = pgTable(
  'stage_counts',
  {
    /** 'order' (orders.status) or 'unit' (order_items.status). */
    kind: text('kind').$type<'order' | 'unit'>().notNull(),
    stage: text('stage').$type<Stage>().notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('stage_counts_kind_stage_idx').on(t.kind, t.stage)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type EventLog = typeof eventLogs.$inferSelect;
