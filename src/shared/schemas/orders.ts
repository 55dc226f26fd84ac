/**
 * What the customer order routes answer (customer spec §3 and §7). Dates travel as ISO strings; the
 * server maps its rows onto these shapes, so no column the browser must not see can leak.
 */
import { z } from 'zod';
import { STAGES } from '../stages.js';

export const stageSchema = z.enum(STAGES);

const isoDate = z.string();
const stageData = z.record(z.string(), z.unknown());

export const shippingAddressSchema = z.union([
  z.object({
    street: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    zipCode: z.string().optional(),
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
  deliveryDate: isoDate.nullable(),
  statusChangedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const orderSchema = z.object({
  id: z.number(),
  /** The business id, e.g. 'VH1042'. */
  orderId: z.string(),
  userId: z.number().nullable(),
  productName: z.string(),
  quantity: z.number(),
  orderDate: isoDate,
  /** The least advanced status of the order's units. */
  status: stageSchema,
  shippingAddress: shippingAddressSchema.nullable(),
  zipCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  amount: z.string().nullable(),
  currentStageData: stageData,
  deliveryDate: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** The order's units, by item number: the second source of an item's status (customer spec §4). */
  items: z.array(orderItemSchema),
});

/** Who caused an event, without naming the staff member or the API key (customers read these). */
export const eventActorSchema = z.enum(['admin', 'customer', 'webhook', 'stripe', 'system']);

export const orderEventSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  orderItemId: z.number().nullable(),
  timestamp: isoDate,
  stage: z.string().nullable(),
  type: z.string(),
  /** For ORDER_ITEM_STATUS_UPDATED: {type, itemNumber, orderItemId, oldStatus, status}. */
  data: z.record(z.string(), z.unknown()),
  initiatedBy: eventActorSchema,
});

/** GET /api/order-items/:id/details: the unit, its order and the owner (for the onboarding dialog). */
export const orderItemDetailsSchema = z.object({
  item: orderItemSchema,
  order: orderSchema.omit({ items: true }),
  user: z
    .object({
      id: z.number(),
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      phoneNumber: z.string().nullable(),
    })
    .nullable(),
});

/**
 * PATCH /api/order-items/:itemId/status. A customer may only start signing a ready document
 * (DOCUMENTS_PENDING → DOCUMENTS_SIGNING); `stageData` from a customer is never stored, so nobody can
 * mark their own unit paid.
 */
export const itemStatusPatchSchema = z.object({
  status: stageSchema,
  stageData: stageData.optional(),
});

export type StageDataDto = z.infer<typeof stageData>;
export type OrderItemDto = z.infer<typeof orderItemSchema>;
export type OrderDto = z.infer<typeof orderSchema>;
export type OrderEventDto = z.infer<typeof orderEventSchema>;
export type EventActor = z.infer<typeof eventActorSchema>;
export type OrderItemDetailsDto = z.infer<typeof orderItemDetailsSchema>;
export type ItemStatusPatch = z.infer<typeof itemStatusPatchSchema>;
export type ShippingAddressDto = z.infer<typeof shippingAddressSchema>;

/** Payment statuses that mean the deposit is paid (customer spec §4, 'Deposit Paid'). */
const PAID_STATUSES = ['paid', 'completed', 'success', 'successful'];

export function isPaidStatus(paymentStatus: unknown): boolean {
  return typeof paymentStatus === 'string' && PAID_STATUSES.includes(paymentStatus.toLowerCase());
}

/** A document is ready to sign when the partner marked it ready and sent its address. */
export function isDocumentReady(data: Record<string, unknown>): boolean {
  return data.documentStatus === 'ready' && typeof data.documentUrl === 'string' && data.documentUrl !== '';
}
