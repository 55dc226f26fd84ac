/**
 * The admin orders API: a list paged, searched, filtered and sorted on the server, the dashboard,
 * status changes, the activity feed and internal notes. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { FILTER_STATUSES, nextStage, parseStage, STAGES, type Stage } from '../stages.js';
import { orderMoneySchema } from './money.js';
import { stageSchema } from './orders.js';

export const ADMIN_ORDER_SORTS = [
  'orderDate:desc',
  'orderDate:asc',
  'orderId:asc',
  'orderId:desc',
  'status:asc',
  'status:desc',
] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

/**
 * A list parameter: `a,b`, a repeated parameter (`?status=A&status=B`) or both; spaces and empty
 * entries are dropped, so a plain single value still reads as a list of one.
 */
const listParam = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((value: string | string[]) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
);

/** The most orders one export or delete of selected orders takes. */
export const SELECTED_ORDERS_MAX = 1000;

type FilterStatus = (typeof FILTER_STATUSES)[number];
const isFilterStatus = (value: string): value is FilterStatus =>
  (FILTER_STATUSES as readonly string[]).includes(value);

/**
 * Checked as a whole, so a refusal names the parameter (`status`), not one entry of it. The aliases
 * (`PAYMENT_PENDING`, `DELIVERY_SCHEDULED`) are still accepted and read as the stage they mean, so a
 * parsed filter names each stage once, in stage order, as the Filter dialog lists them.
 */
const statusList = z.pipe(
  listParam.check(
    z.refine((parts: string[]) => parts.length > 0, 'Name a status'),
    z.refine((parts: string[]) => parts.length <= FILTER_STATUSES.length, 'Too many statuses'),
    z.refine((parts: string[]) => parts.every(isFilterStatus), `Use one of ${FILTER_STATUSES.join(', ')}`),
  ),
  z.transform((parts: string[]): Stage[] => {
    const named = new Set(parts.filter(isFilterStatus).map((part) => parseStage(part)));
    return STAGES.filter((stage) => named.has(stage));
  }),
);

const ORDER_ID = /^[1-9]\d{0,9}$/;
const orderIdList = z.pipe(
  listParam.check(
    z.refine((parts: string[]) => parts.length > 0, 'Name an order'),
    z.refine(
      (parts: string[]) => parts.length <= SELECTED_ORDERS_MAX,
      `At most ${SELECTED_ORDERS_MAX} orders at once`,
    ),
    z.refine((parts: string[]) => parts.every((part) => ORDER_ID.test(part)), 'Not an order id'),
  ),
  z.transform((parts: string[]) => parts.map(Number)),
);

const dateOnly = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-23'));

/**
 * GET /api/admin/orders query. `dateTo` includes the whole day; payment 'paid' means a transactionId is
 * present; registration 'registered' means a userId is present.
 */
export const adminOrdersQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ADMIN_ORDERS_MAX_PAGE_SIZE)),
    10,
  ),
  /** Matches order id, product name or customer e-mail, case-insensitively. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  sort: z._default(z.enum(ADMIN_ORDER_SORTS), 'orderDate:desc'),
  /** One stage or alias, or several (`PRODUCTION,DELIVERED` or the parameter repeated): any of them. */
  status: z.optional(statusList),
  dateFrom: z.optional(dateOnly),
  dateTo: z.optional(dateOnly),
  payment: z.optional(z.enum(['paid', 'unpaid'])),
  registration: z.optional(z.enum(['registered', 'guest'])),
  /** Product name contains this, case-insensitively. */
  product: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;
/**
 * The filters alone: the query of GET /api/admin/orders/export (paging and sort are ignored there),
 * which also takes `ids`: only these orders (the selected rows), at most 1000.
 */
export const adminOrderFiltersSchema = z.extend(
  z.omit(adminOrdersQuerySchema, {
    page: true,
    pageSize: true,
    sort: true,
  }),
  { ids: z.optional(orderIdList) },
);
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrderRowSchema = z.object({
  id: z.number(),
  orderId: z.string(),
  userId: z.nullable(z.number()),
  /** Null for a guest order ('Guest'). */
  customerEmail: z.nullable(z.string()),
  /** First and last name; null for a guest or a customer who gave none. */
  customerName: z.nullable(z.string()),
  productName: z.string(),
  quantity: z.number(),
  orderDate: z.string(),
  status: stageSchema,
  amount: z.nullable(z.string()),
  paymentMethod: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
  deliveryDate: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  /** Value, deposits per unit, paid and due: what the Payment column shows. */
  money: orderMoneySchema,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * GET /api/admin/orders/:id: the order as a row of the list, with its units: each unit's stage and
 * its own delivery day (null until booked or set by the logistics partner). The row's `deliveryDate`
 * is derived, the earliest of the units'.
 */
export const adminOrderDetailsSchema = z.extend(adminOrderRowSchema, {
  units: z.array(
    z.object({ itemNumber: z.number(), status: stageSchema, deliveryDate: z.nullable(z.string()) }),
  ),
});
export type AdminOrderDetails = z.infer<typeof adminOrderDetailsSchema>;

export const adminOrdersPageSchema = z.object({
  items: z.array(adminOrderRowSchema),
  total: z.number(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/** PATCH /api/admin/orders/:id/status: every unit, or one named by itemNumber. */
export const adminStatusPatchSchema = z.object({
  status: stageSchema,
  itemNumber: z.optional(z.number().check(z.int(), z.minimum(1))),
});
export type AdminStatusPatch = z.infer<typeof adminStatusPatchSchema>;

/** POST /api/admin/orders/bulk-status: several orders, every unit, one transaction. */
export const BULK_STATUS_MAX_ORDERS = 100;
export const adminBulkStatusSchema = z.object({
  orderIds: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.minLength(1), z.maxLength(BULK_STATUS_MAX_ORDERS)),
  status: stageSchema,
});
export type AdminBulkStatus = z.infer<typeof adminBulkStatusSchema>;

/** POST /api/admin/orders/bulk-delete: several orders, one transaction; one unknown id and none go. */
export const adminBulkDeleteSchema = z.object({
  orderIds: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.minLength(1), z.maxLength(SELECTED_ORDERS_MAX)),
});
export type AdminBulkDelete = z.infer<typeof adminBulkDeleteSchema>;
/** What POST /api/admin/orders/bulk-delete answers: how many orders went. */
export const bulkDeleteResultSchema = z.object({ deleted: z.number() });

export const statusChangeResultSchema = z.object({
  /** Units whose status changed. */
  updatedItems: z.number(),
  updatedOrders: z.number(),
});
export type StatusChangeResult = z.infer<typeof statusChangeResultSchema>;

/**
 * POST /api/admin/orders/:id/next-stage: `from` is the order's stage as the staff member saw it, so a
 * move made meanwhile by someone else is not stepped over (409 ORDER_STAGE_CHANGED).
 */
export const nextStageSchema = z.object({ from: stageSchema });
export type NextStageRequest = z.infer<typeof nextStageSchema>;

/** What a "Move to <next stage>" did: the units that moved, from and to; the order's stage after. */
export const nextStageResultSchema = z.object({
  from: stageSchema,
  to: stageSchema,
  itemNumbers: z.array(z.number()),
  status: stageSchema,
});
export type NextStageResult = z.infer<typeof nextStageResultSchema>;

/**
 * POST /api/admin/orders/:id/next-stage/undo: the answer of a next-stage move, sent back to put those
 * units back where they were. Only a real next-stage step can be undone this way.
 */
export const undoNextStageSchema = z
  .object({
    from: stageSchema,
    to: stageSchema,
    itemNumbers: z
      .array(z.number().check(z.int(), z.minimum(1)))
      .check(z.minLength(1), z.maxLength(SELECTED_ORDERS_MAX)),
  })
  .check(
    z.refine((body) => nextStage(body.from) === body.to, {
      message: 'Not a next-stage move',
      path: ['to'],
    }),
  );
export type UndoNextStage = z.infer<typeof undoNextStageSchema>;

/** Who caused an event, resolved for staff: the admin's or customer's e-mail, the API key's name. */
export const activityActorSchema = z.object({
  kind: z.enum(['admin', 'customer', 'webhook', 'stripe', 'system']),
  /** 'admin@example.com', 'Zapier production key', 'Stripe', 'System'. */
  label: z.string(),
});

/** GET /api/admin/orders/:id/activity: every event of the order, newest first, notes included. */
export const activityEventSchema = z.object({
  id: z.number(),
  orderItemId: z.nullable(z.number()),
  timestamp: z.string(),
  stage: z.nullable(z.string()),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  actor: activityActorSchema,
  internal: z.boolean(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const INTERNAL_NOTE_MAX_LENGTH = 2000;
/** POST /api/admin/orders/:id/notes: a note only staff ever see (event type INTERNAL_NOTE). */
export const internalNoteSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a note first'),
      z.maxLength(INTERNAL_NOTE_MAX_LENGTH, `A note has at most ${INTERNAL_NOTE_MAX_LENGTH} characters`),
    ),
});

/** GET /api/admin/dashboard. */
export const dashboardSchema = z.object({
  totalOrders: z.number(),
  /** Orders in DOCUMENTS_SIGNING or FINANCING_PAYMENT. */
  pendingActions: z.number(),
  inProduction: z.number(),
  delivered: z.number(),
  recentOrders: z.array(adminOrderRowSchema),
  /** How many units are at each stage (every stage, zeros included). */
  unitsPerStage: z.array(z.object({ stage: stageSchema, count: z.number() })),
  /** The units that have waited longest in their current stage (not DELIVERED). */
  longestWaiting: z.array(
    z.object({
      itemId: z.number(),
      orderId: z.number(),
      orderRef: z.string(),
      itemNumber: z.number(),
      status: stageSchema,
      since: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
