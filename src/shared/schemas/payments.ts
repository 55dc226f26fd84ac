/**
 * The deposit checkout's shapes (POST /api/order-items/{id}/payment, the payment session the
 * payment-success page reads, POST /api/stripe/update-key) and the built-in test checkout's. zod/mini,
 * as for every shape the browser loads (decision 14).
 */
import * as z from 'zod/mini';

/** `:sessionId` of a checkout session (the provider's id, or the test checkout's). */
export const paymentSessionParams = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(255)),
});

/** The Stripe webhook's answer once the signed event is taken. */
export const stripeWebhookReceivedSchema = z.object({ received: z.literal(true) });

/** POST /api/order-items/:id/payment: where to pay. Stripe creates its payment intent only at payment. */
export const checkoutLinkSchema = z.object({
  paymentUrl: z.string(),
  sessionId: z.string(),
  paymentIntentId: z.nullable(z.string()),
});
export type CheckoutLink = z.infer<typeof checkoutLinkSchema>;

/**
 * GET /api/stripe/sessions/:sessionId: exactly what the payment-success page shows, nothing more.
 * `payment_status` is Stripe's vocabulary (paid, unpaid) plus 'processing' for a bank payment waiting
 * for its funds and 'failed'; once paid, `payment_method_types` names the method used.
 */
export const paymentSessionSummarySchema = z.object({
  payment_status: z.string(),
  payment_method_types: z.array(z.string()),
  /** Minor units of `currency`. */
  amount_total: z.number(),
  currency: z.string(),
  metadata: z.object({
    /** The order's business id, e.g. 'VH1042'. */
    orderId: z.string(),
    /** The unit's (order item's) internal id, as the payment provider keeps it; never shown. */
    itemId: z.string(),
  }),
  customer_details: z.object({ email: z.nullable(z.string()) }),
  /** The unit as people name it (with metadata.orderId, src/shared/unit-name.ts) and its order's page. */
  unit: z.object({ itemNumber: z.number(), orderPath: z.string() }),
});
export type PaymentSessionSummary = z.infer<typeof paymentSessionSummarySchema>;

/**
 * POST /api/stripe/update-key. An empty key removes the saved one (the environment's applies again);
 * the masked value the settings page shows means "unchanged".
 */
export const stripeKeyUpdateSchema = z.object({
  key: z.string().check(z.trim(), z.maxLength(500, 'The key is too long')),
});
export const stripeKeyUpdateResultSchema = z.object({ message: z.string() });

/** The built-in test checkout (no Stripe key configured): what its page shows. */
export const testCheckoutSchema = z.object({
  sessionId: z.string(),
  /** The order's business id. */
  orderId: z.string(),
  productName: z.string(),
  itemNumber: z.number(),
  amount: z.number(),
  currency: z.string(),
  customerEmail: z.nullable(z.string()),
  /** open, complete or expired, as a Stripe Checkout Session. */
  status: z.string(),
  /** unpaid, processing, paid or failed. */
  paymentStatus: z.string(),
  /** Where 'Cancel payment' and the finished page lead: the order's page in the portal. */
  cancelUrl: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/**
 * What the tester chooses: on an open session pay by card (paid at once) or by bank account (funds
 * pending), or cancel; on a pending bank payment, let the funds arrive or fail.
 */
export const TEST_CHECKOUT_OUTCOMES = ['card', 'bank', 'cancel', 'settle', 'fail'] as const;
export type TestCheckoutOutcome = (typeof TEST_CHECKOUT_OUTCOMES)[number];
export const testCheckoutActionSchema = z.object({ outcome: z.enum(TEST_CHECKOUT_OUTCOMES) });
export const testCheckoutResultSchema = z.object({
  status: z.string(),
  paymentStatus: z.string(),
  /** The success page for a payment, the order's page for a cancellation. */
  redirectUrl: z.string(),
});
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;

/**
 * A count of cents: a positive whole number, or text of digits holding one. Anything else (decimals,
 * exponents, signs) is not an amount. The customers' totals read text the same way in SQL
 * (src/server/features/orders/money-sql.ts).
 */
export function wholeCents(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The deposit to pay for a unit, in cents: its stage data's paymentAmount, else its amount, else the
 * order's amount. Null when none of them is a positive whole number of cents (nothing to pay).
 */
export function depositCents(stageData: Record<string, unknown>, orderAmount: string | null): number | null {
  return wholeCents(stageData.paymentAmount) ?? wholeCents(stageData.amount) ?? wholeCents(orderAmount);
}
