/**
 * The payload of each inbound webhook: what the server validates a delivery with and what the
 * Webhooks page documents (src/shared/schemas/webhooks.ts). zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { nonWebLinks, webUrl } from './web-url.js';

/** JSON string: the order's business id ('VH1042'); JSON number: its internal id (docs/api.md). */
const orderRef = z.union([
  z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  z.number().check(z.int(), z.positive()),
]);
/** A unit by its internal id; a numeric string is accepted too. */
const itemRef = z.union([
  z.number().check(z.int(), z.positive()),
  z.string().check(z.trim(), z.regex(/^[1-9]\d*$/)),
]);
const itemNumber = z.number().check(z.int(), z.positive());
const text = (max = 500) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const dateTime = z.string().check(
  z.trim(),
  z.refine((value) => value !== '' && !Number.isNaN(Date.parse(value))),
);
const zipCode = z.string().check(z.trim(), z.regex(/^\d{5}$/));

export const DOCUMENT_STATUSES = ['ready', 'signed'] as const;
export const PAYMENT_STATUSES = ['successful', 'failed', 'pending'] as const;
export const PAYMENT_TYPES = ['direct_pay', 'finance'] as const;
export const VALIDATION_RESULTS = ['valid', 'invalid'] as const;
export const BULK_ZIP_CODES_MAX = 1000;

export const orderStatusPayload = z.object({
  orderId: orderRef,
  /** A stage name or one of its alias statuses, any case (checked against src/shared/stages.ts). */
  status: text(100),
  stageData: z.optional(
    z
      .looseObject({
        notes: z.optional(z.string().check(z.maxLength(2000))),
        changedBy: z.optional(text(200)),
      })
      .check(
        z.superRefine((data, ctx) => {
          for (const key of nonWebLinks(data)) {
            ctx.issues.push({
              code: 'custom',
              input: data[key],
              path: [key],
              message: 'Enter an http(s) address',
            });
          }
        }),
      ),
  ),
  itemId: z.optional(itemRef),
  itemNumber: z.optional(itemNumber),
});

export const documentSigningPayload = z.object({
  orderId: orderRef,
  documentStatus: z.enum(DOCUMENT_STATUSES),
  documentUrl: webUrl,
  expiresAt: z.optional(dateTime),
  signedBy: z.optional(text(200)),
  signedAt: z.optional(dateTime),
  itemId: z.optional(itemRef),
  itemNumber: z.optional(itemNumber),
});

export const paymentPayload = z.object({
  orderId: orderRef,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentType: z.enum(PAYMENT_TYPES),
  transactionId: z.optional(text(200)),
  /** Minor units (cents), as every amount in this product. */
  amount: z.optional(z.number().check(z.int(), z.minimum(0))),
  currency: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/))),
  processedAt: z.optional(dateTime),
  financingProvider: z.optional(text(200)),
  termLength: z.optional(z.union([z.number().check(z.int(), z.positive()), text(50)])),
  itemId: z.optional(itemRef),
  itemNumber: z.optional(itemNumber),
});

const locationCommon = {
  validationResult: z.enum(VALIDATION_RESULTS),
  locationEnabled: z.boolean(),
  serviceAvailable: z.optional(z.boolean()),
  region: z.optional(text(200)),
};

export const locationOrderPayload = z.object({
  orderId: orderRef,
  zipCode,
  ...locationCommon,
  itemId: z.optional(itemRef),
  itemNumber: z.optional(itemNumber),
});

export const locationGlobalPayload = z.object({
  zipCode,
  ...locationCommon,
  globalUpdate: z.literal(true),
});

export const locationBulkPayload = z.object({
  zipCodes: z.array(zipCode).check(z.minLength(1), z.maxLength(BULK_ZIP_CODES_MAX)),
  ...locationCommon,
});

export const deliveryDatePayload = z.object({
  orderId: orderRef,
  deliveryDate: dateTime,
  deliveryWindow: z.optional(text(200)),
  trackingNumber: z.optional(text(200)),
  carrierName: z.optional(text(200)),
  specialInstructions: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  itemId: z.optional(itemRef),
  itemNumber: z.optional(itemNumber),
});

/** POST /api/webhooks/orders (beyond the six partner webhooks): an order from an external system. */
export const createOrderPayload = z.object({
  orderId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  productName: text(200),
  quantity: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
  email: z.optional(z.email()),
  orderDate: z.optional(dateTime),
  zipCode: z.optional(z.string().check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/))),
  phoneNumber: z.optional(text(50)),
  /** Cents. */
  amount: z.optional(z.number().check(z.int(), z.minimum(0))),
  paymentMethod: z.optional(text(100)),
  transactionId: z.optional(text(200)),
});

export type OrderStatusPayload = z.infer<typeof orderStatusPayload>;
export type DocumentSigningPayload = z.infer<typeof documentSigningPayload>;
export type PaymentPayload = z.infer<typeof paymentPayload>;
export type LocationOrderPayload = z.infer<typeof locationOrderPayload>;
export type LocationGlobalPayload = z.infer<typeof locationGlobalPayload>;
export type LocationBulkPayload = z.infer<typeof locationBulkPayload>;
export type DeliveryDatePayload = z.infer<typeof deliveryDatePayload>;
export type CreateOrderPayload = z.infer<typeof createOrderPayload>;
