/**
 * What the customer order routes answer. Dates travel as ISO strings; the server maps its rows onto
 * these shapes, so no column the browser must not see can leak. zod/mini, as for every shape the
 * browser loads (decision 14).
 */
import * as z from 'zod/mini';
import { STAGES } from '../stages.js';
import { unitDocumentSchema } from './conversations.js';
import { deliveryEstimateSchema } from './forecast.js';
import { orderMoneySchema } from './money.js';

export const stageSchema = z.enum(STAGES);

const isoDate = z.string();
const stageData = z.record(z.string(), z.unknown());

export const shippingAddressSchema = z.union([
  z.object({
    street: z.optional(z.string()),
    city: z.optional(z.string()),
    state: z.optional(z.string()),
    zipCode: z.optional(z.string()),
  }),
  z.string(),
]);

export const orderItemSchema = z.object({
  id: z.number(),
  /** The internal id of the order the unit belongs to. */
  orderId: z.number(),
  itemNumber: z.number(),
  status: stageSchema,
  currentStageData: stageData,
  /** The unit's own delivery day: its booking, or the logistics partner's date; null until known. */
  deliveryDate: z.nullable(isoDate),
  statusChangedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** While the unit is not delivered: the window its delivery is expected in. */
  estimate: z.optional(deliveryEstimateSchema),
});

const orderFields = {
  id: z.number(),
  /** The business id, e.g. 'VH1042'. */
  orderId: z.string(),
  userId: z.nullable(z.number()),
  productName: z.string(),
  quantity: z.number(),
  orderDate: isoDate,
  /** The least advanced status of the order's units. */
  status: stageSchema,
  shippingAddress: z.nullable(shippingAddressSchema),
  zipCode: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  paymentMethod: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
  amount: z.nullable(z.string()),
  currentStageData: stageData,
  /** Derived: the earliest of the units' delivery dates (each unit carries its own). */
  deliveryDate: z.nullable(isoDate),
  createdAt: isoDate,
  updatedAt: isoDate,
};

/** An order without its units (the unit-details answer). */
export const orderSummarySchema = z.object(orderFields);

export const orderSchema = z.object({
  ...orderFields,
  /** The order's units, by item number: the second source of an item's status (see item-status.ts). */
  items: z.array(orderItemSchema),
  /** The order's value, each unit's deposit, what is paid and what is still due (src/shared/schemas/money.ts). */
  money: orderMoneySchema,
  /** The secret of the order's public tracking page (/track/<token>); only its owner and staff get it. */
  trackingToken: z.optional(z.string()),
});

/** Who caused an event, without naming the staff member or the API key (customers read these). */
export const eventActorSchema = z.enum(['admin', 'customer', 'webhook', 'stripe', 'system']);

export const orderEventSchema = z.object({
  id: z.number(),
  orderId: z.nullable(z.number()),
  orderItemId: z.nullable(z.number()),
  timestamp: isoDate,
  stage: z.nullable(z.string()),
  type: z.string(),
  /** For ORDER_ITEM_STATUS_UPDATED: {type, itemNumber, orderItemId, oldStatus, status}. */
  data: z.record(z.string(), z.unknown()),
  initiatedBy: eventActorSchema,
});

/**
 * GET /api/order-items/:id/signing-document: whether the unit's document to sign can be shown in the
 * portal's frame, and if not why: the partner's site did not answer (`unreachable`), answered an
 * error (`not_found`) or forbids framing (`refuses_frame`) (decision 299).
 */
export const signingDocumentCheckSchema = z.union([
  z.object({ loads: z.literal(true) }),
  z.object({ loads: z.literal(false), reason: z.enum(['unreachable', 'not_found', 'refuses_frame']) }),
]);
export type SigningDocumentCheck = z.infer<typeof signingDocumentCheckSchema>;

/** GET /api/order-items/:id/details: the unit, its order and the owner (for the onboarding dialog). */
export const orderItemDetailsSchema = z.object({
  item: orderItemSchema,
  order: orderSummarySchema,
  user: z.nullable(
    z.object({
      id: z.number(),
      email: z.string(),
      firstName: z.nullable(z.string()),
      lastName: z.nullable(z.string()),
      phoneNumber: z.nullable(z.string()),
    }),
  ),
  /** The files staff attached to the unit (permits, final documents), oldest first. */
  documents: z.array(unitDocumentSchema),
});

/**
 * PATCH /api/order-items/:itemId/status. A customer may only start signing a ready document
 * (DOCUMENTS_PENDING → DOCUMENTS_SIGNING); `stageData` from a customer is never stored, so nobody can
 * mark their own unit paid.
 */
export const itemStatusPatchSchema = z.object({
  status: stageSchema,
  stageData: z.optional(stageData),
});

/** `:itemId` of PATCH /api/order-items/:itemId/status: a positive integer (a path segment is text, hence coerced). */
export const itemIdParams = z.object({ itemId: z.coerce.number().check(z.int(), z.positive()) });

export type StageDataDto = z.infer<typeof stageData>;
export type OrderItemDto = z.infer<typeof orderItemSchema>;
export type OrderDto = z.infer<typeof orderSchema>;
export type OrderEventDto = z.infer<typeof orderEventSchema>;
export type EventActor = z.infer<typeof eventActorSchema>;
export type OrderItemDetailsDto = z.infer<typeof orderItemDetailsSchema>;
export type ItemStatusPatch = z.infer<typeof itemStatusPatchSchema>;
export type ShippingAddressDto = z.infer<typeof shippingAddressSchema>;

export { isPaidStatus } from './money.js';

/** A document is ready to sign when the partner marked it ready and sent its address. */
export function isDocumentReady(data: Record<string, unknown>): boolean {
  return data.documentStatus === 'ready' && typeof data.documentUrl === 'string' && data.documentUrl !== '';
}
