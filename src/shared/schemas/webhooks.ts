/**
 * The documentation of the inbound webhooks, one entry per path: title, description, the event type
 * the Logs tab shows, and per payload its schema (src/shared/schemas/webhook-payloads.ts), the rules
 * that depend on another field's value and the words for each field. The server checks deliveries
 * with checkPayload and the Webhooks page's Endpoints tab documents from the same entries, so the two
 * cannot drift; the server's effects are registered in src/server/features/inbound-webhooks/registry.ts.
 */
import type * as z from 'zod/mini';
import { plural } from '../plural.js';
import {
  BULK_ZIP_CODES_MAX,
  createOrderPayload,
  deliveryDatePayload,
  documentSigningPayload,
  locationBulkPayload,
  locationGlobalPayload,
  locationOrderPayload,
  orderStatusPayload,
  paymentPayload,
} from './webhook-payloads.js';

/** A field that is optional in the schema but required when another field has a given value. */
export interface Condition {
  field: string;
  equals: string;
  require: readonly string[];
}

/** Any payload schema: an object of named fields. */
export type PayloadSchema = z.ZodMiniObject;

export interface PayloadVariant {
  /** Shown when an endpoint takes more than one payload (location validation). */
  title?: string;
  schema: PayloadSchema;
  conditions: readonly Condition[];
  /** What each field means; every field of the schema has one (a test checks). */
  fields: Record<string, string>;
  example: Record<string, unknown>;
}

export interface WebhookEndpoint {
  /** The path after /api/webhooks/. */
  endpoint: string;
  title: string;
  description: string;
  /** The Logs tab's event type. */
  eventType: string;
  variants: readonly PayloadVariant[];
}

const ORDER_ID_DOC = "The order: a string is its business id ('VH1042'); a number is its internal id.";
const ITEM_ID_DOC =
  'One unit by its internal id; with neither itemId nor itemNumber, every unit of the order.';
const ITEM_NUMBER_DOC = 'One unit by its number within the order (1, 2, …).';
const LOCATION_FIELDS = {
  validationResult: 'valid or invalid.',
  locationEnabled: 'true when the location may be served.',
  serviceAvailable: 'Whether service is available there (recorded).',
  region: 'The region name (recorded).',
};

const DOCUMENTED = [
  {
    endpoint: 'order-status',
    title: 'Order status',
    description: 'Sets the status of an order, or of one unit. Any stage name or alias is accepted.',
    eventType: 'ORDER_STATUS_UPDATE',
    variants: [
      {
        schema: orderStatusPayload,
        conditions: [],
        fields: {
          orderId: ORDER_ID_DOC,
          status:
            'The new stage, e.g. ORDER_PLACED, LOCATION_ENABLED, DOCUMENTS_SIGNING, FINANCING_PAYMENT, PRODUCTION, SCHEDULED, DELIVERED.',
          stageData: 'Recorded on the unit: notes and changedBy.',
          itemId: ITEM_ID_DOC,
          itemNumber: ITEM_NUMBER_DOC,
        },
        example: {
          orderId: 'VH1042',
          status: 'PRODUCTION',
          stageData: { notes: 'Frame welded', changedBy: 'Plant' },
        },
      },
    ],
  },
  {
    endpoint: 'document-signing',
    title: 'Document signing',
    description:
      'ready: the document can be signed (the unit moves to Document Signing and the customer can open it). signed: the final document is stored and the unit moves to payment.',
    eventType: 'DOCUMENT_SIGNING',
    variants: [
      {
        schema: documentSigningPayload,
        conditions: [
          { field: 'documentStatus', equals: 'ready', require: ['expiresAt'] },
          { field: 'documentStatus', equals: 'signed', require: ['signedBy', 'signedAt'] },
        ],
        fields: {
          orderId: ORDER_ID_DOC,
          documentStatus: 'ready or signed.',
          documentUrl: 'https address of the document to sign (ready) or of the signed document (signed).',
          expiresAt: 'When the signing link expires (ISO 8601).',
          signedBy: 'Who signed.',
          signedAt: 'When it was signed (ISO 8601).',
          itemId: ITEM_ID_DOC,
          itemNumber: ITEM_NUMBER_DOC,
        },
        example: {
          orderId: 'VH1042',
          documentStatus: 'ready',
          documentUrl: 'https://sign.example.com/d/abc123',
          expiresAt: '2026-12-31T23:59:59Z',
        },
      },
    ],
  },
  {
    endpoint: 'payment',
    title: 'Payment',
    description:
      'Records a payment on the units it names and on the order. A successful payment moves units waiting for payment to Site Preparation.',
    eventType: 'PAYMENT',
    variants: [
      {
        schema: paymentPayload,
        conditions: [
          { field: 'paymentStatus', equals: 'successful', require: ['transactionId', 'amount', 'currency'] },
        ],
        fields: {
          orderId: ORDER_ID_DOC,
          paymentStatus: 'successful, failed or pending.',
          paymentType: 'direct_pay or finance.',
          transactionId: 'The payment provider’s transaction id.',
          amount: 'Amount paid in minor units (cents), a whole number.',
          currency: 'Three-letter currency code, e.g. usd.',
          processedAt: 'When the payment was processed (ISO 8601).',
          financingProvider: 'For finance: the lender.',
          termLength: 'For finance: the term, e.g. 60 or "60 months".',
          itemId: ITEM_ID_DOC,
          itemNumber: ITEM_NUMBER_DOC,
        },
        example: {
          orderId: 'VH1042',
          paymentStatus: 'successful',
          paymentType: 'direct_pay',
          transactionId: 'txn_123456',
          amount: 500000,
          currency: 'usd',
        },
      },
    ],
  },
  {
    endpoint: 'location-validation',
    title: 'Location validation',
    description:
      'For one order: a valid, enabled location moves its units to Location Enabled. With globalUpdate: true, the ZIP code is added to the service areas and every order waiting in it is unlocked.',
    eventType: 'LOCATION_VALIDATION',
    variants: [
      {
        title: 'Single order',
        schema: locationOrderPayload,
        conditions: [],
        fields: {
          orderId: ORDER_ID_DOC,
          zipCode: 'Five-digit ZIP code.',
          ...LOCATION_FIELDS,
          itemId: ITEM_ID_DOC,
          itemNumber: ITEM_NUMBER_DOC,
        },
        example: { orderId: 'VH1042', zipCode: '78701', validationResult: 'valid', locationEnabled: true },
      },
      {
        title: 'Global',
        schema: locationGlobalPayload,
        conditions: [],
        fields: {
          zipCode: 'Five-digit ZIP code to enable.',
          ...LOCATION_FIELDS,
          globalUpdate: 'Must be true.',
        },
        example: { zipCode: '78701', validationResult: 'valid', locationEnabled: true, globalUpdate: true },
      },
    ],
  },
  {
    endpoint: 'location-validation/bulk',
    title: 'Location validation, bulk',
    description:
      'Adds several ZIP codes to the service areas at once and unlocks the orders waiting in them.',
    eventType: 'LOCATION_VALIDATION',
    variants: [
      {
        schema: locationBulkPayload,
        conditions: [],
        fields: {
          zipCodes: `Five-digit ZIP codes (1 to ${BULK_ZIP_CODES_MAX}).`,
          ...LOCATION_FIELDS,
        },
        example: { zipCodes: ['78701', '78702'], validationResult: 'valid', locationEnabled: true },
      },
    ],
  },
  {
    endpoint: 'delivery-date',
    title: 'Delivery date',
    description:
      'Stores the delivery date and details on the units it names and moves them to Delivery Scheduled.',
    eventType: 'DELIVERY_DATE',
    variants: [
      {
        schema: deliveryDatePayload,
        conditions: [],
        fields: {
          orderId: ORDER_ID_DOC,
          deliveryDate: 'The delivery date (ISO 8601).',
          deliveryWindow: 'e.g. 8am–12pm.',
          trackingNumber: 'The carrier’s tracking number.',
          carrierName: 'The carrier.',
          specialInstructions: 'Notes for the delivery.',
          itemId: ITEM_ID_DOC,
          itemNumber: ITEM_NUMBER_DOC,
        },
        example: {
          orderId: 'VH1042',
          deliveryDate: '2026-12-15',
          deliveryWindow: '8am-12pm',
          carrierName: 'Acme Freight',
        },
      },
    ],
  },
  {
    endpoint: 'orders',
    title: 'Create order',
    description:
      'Creates an order from an external system, linked to the customer with that e-mail (created when new). Sending the same orderId again answers the existing order and creates nothing.',
    eventType: 'ORDER_CREATED',
    variants: [
      {
        schema: createOrderPayload,
        conditions: [],
        fields: {
          orderId: "The business id, e.g. 'VH1042' (unique).",
          productName: 'The product ordered.',
          quantity: 'Number of units, 1 to 100 (default 1).',
          email: "The customer's e-mail; without it the order is a guest order.",
          orderDate: 'When it was ordered (ISO 8601, default now).',
          zipCode: 'Delivery ZIP code; an enabled one unlocks the order at once.',
          phoneNumber: 'Contact phone number.',
          amount: 'Order total in minor units (cents).',
          paymentMethod: 'e.g. card.',
          transactionId: 'Set when the order is already paid.',
        },
        example: {
          orderId: 'VH1042',
          productName: 'Studio 240',
          quantity: 1,
          email: 'customer@example.com',
          zipCode: '78701',
          amount: 4990000,
        },
      },
    ],
  },
] as const satisfies readonly WebhookEndpoint[];

/** The path of every documented webhook, checked where the server registers its effects. */
export type WebhookPath = (typeof DOCUMENTED)[number]['endpoint'];

export const WEBHOOK_ENDPOINTS: readonly WebhookEndpoint[] = DOCUMENTED;

export function webhookEndpoint(endpoint: string): WebhookEndpoint | undefined {
  return WEBHOOK_ENDPOINTS.find((e) => e.endpoint === endpoint);
}

/** Whether a schema field may be left out. */
export function isOptionalField(field: z.core.$ZodType): boolean {
  return field._zod.def.type === 'optional';
}

/** The fields of a payload in order, each required or optional, with its condition when it has one. */
export function describeFields(variant: PayloadVariant) {
  return Object.entries(variant.schema.def.shape).map(([name, schema]) => {
    const condition = variant.conditions.find((c) => c.require.includes(name));
    return {
      name,
      required: !isOptionalField(schema),
      requiredWhen: condition ? `${condition.field} is ${condition.equals}` : undefined,
      description: variant.fields[name] ?? '',
    };
  });
}

/** The payload variant a body is meant for: location validation is global exactly when globalUpdate is true. */
export function variantFor(endpoint: WebhookEndpoint, body: Record<string, unknown>): PayloadVariant {
  const [first, second] = endpoint.variants;
  if (!first) throw new Error(`endpoint ${endpoint.endpoint} has no payload`);
  if (second && body.globalUpdate === true) return second;
  return first;
}

export type PayloadCheck<T = Record<string, unknown>> =
  | { success: true; data: T }
  | { success: false; message: string; fields: Record<string, string> };

function issueMessage(issue: z.core.$ZodIssue, present: boolean): string {
  if (!present) return 'Required';
  switch (issue.code) {
    case 'invalid_value':
      return `Must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_type':
      return `Expected ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'array' ? `At least ${issue.minimum} needed` : 'Must not be empty';
    case 'too_big':
      return `At most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`;
    default:
      return 'Invalid value';
  }
}

export type PayloadFailure = Extract<PayloadCheck, { success: false }>;

/** The body as a JSON object: every payload is one. */
export function payloadObject(body: unknown): PayloadCheck | PayloadFailure {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      success: false,
      message: 'The body must be a JSON object',
      fields: { body: 'Expected a JSON object' },
    };
  }
  return { success: true, data: { ...body } };
}

/**
 * Checks a body against one payload: the schema, then the value-dependent requirements. On failure,
 * `fields` names every field at fault ('Required' for a missing one); on success, the parsed payload.
 */
export function checkVariant<S extends PayloadSchema>(
  variant: { schema: S; conditions: readonly Condition[] },
  input: Record<string, unknown>,
): PayloadCheck<z.output<S>> {
  const fields: Record<string, string> = {};
  const parsed = variant.schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top] = issue.path;
      const name = issue.path.map(String).join('.') || 'body';
      fields[name] ??= issueMessage(issue, top === undefined || input[String(top)] !== undefined);
    }
  }
  for (const condition of variant.conditions) {
    if (input[condition.field] !== condition.equals) continue;
    for (const name of condition.require) {
      if (input[name] === undefined || input[name] === null) {
        fields[name] ??= `Required when ${condition.field} is ${condition.equals}`;
      }
    }
  }
  const names = Object.keys(fields);
  if (names.length === 0 && parsed.success) return { success: true, data: parsed.data };
  const missing = names.filter((name) => fields[name]?.startsWith('Required'));
  const message =
    missing.length === names.length
      ? `Missing required ${plural(missing.length, 'field', 'fields')}: ${missing.join(', ')}`
      : `Invalid or missing ${plural(names.length, 'field', 'fields')}: ${names.join(', ')}`;
  return { success: false, message, fields };
}

/** Checks a body against the payload of the endpoint it was sent to (checkVariant, once the payload is known). */
export function checkPayload(endpoint: WebhookEndpoint, body: unknown): PayloadCheck {
  const object = payloadObject(body);
  if (!object.success) return object;
  return checkVariant(variantFor(endpoint, object.data), object.data);
}
