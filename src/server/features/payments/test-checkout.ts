import { randomBytes } from 'node:crypto';
import type { TestCheckoutOutcome } from '../../../shared/schemas/payments.js';
import type { PaymentSession } from '../../db/schema.js';
import type { CheckoutEvent } from './checkout-events.js';
import { type CheckoutRequest, DEPOSIT_PAYMENT_METHODS, type StartedCheckout } from './stripe-provider.js';

const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * The built-in test checkout, used when no Stripe key applies: a page of this product, clearly labelled
 * test mode, stands in for Stripe's hosted checkout and delivers the events Stripe would.
 */
export function createTestCheckoutProvider() {
  return {
    createCheckout(_request: CheckoutRequest): StartedCheckout {
      const sessionId = randomId('test_cs_');
      return {
        sessionId,
        url: `/payment/test-checkout/${sessionId}`,
        paymentIntentId: randomId('test_pi_'),
        paymentMethodTypes: [...DEPOSIT_PAYMENT_METHODS],
      };
    },
  };
}

/** Which choices a test session still offers: paying or cancelling while open, settling a bank payment. */
export function allowsOutcome(row: PaymentSession, outcome: TestCheckoutOutcome): boolean {
  if (outcome === 'settle' || outcome === 'fail') return row.paymentStatus === 'processing';
  return row.status === 'open' && row.paymentStatus === 'unpaid';
}

const EVENT_TYPES: Record<TestCheckoutOutcome, string> = {
  card: 'checkout.session.completed',
  bank: 'checkout.session.completed',
  cancel: 'checkout.session.expired',
  settle: 'checkout.session.async_payment_succeeded',
  fail: 'checkout.session.async_payment_failed',
};

/** The event Stripe would send for the tester's choice, shaped as Stripe's Checkout Session events. */
export function testCheckoutEvent(
  outcome: TestCheckoutOutcome,
  row: PaymentSession,
  businessOrderId: string,
): CheckoutEvent {
  const paid = outcome === 'card' || outcome === 'settle';
  return {
    id: randomId('evt_test_'),
    type: EVENT_TYPES[outcome],
    data: {
      object: {
        id: row.sessionId,
        object: 'checkout.session',
        status: outcome === 'cancel' ? 'expired' : 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: row.paymentIntentId,
        amount_total: row.amount,
        currency: row.currency,
        metadata: { orderId: businessOrderId, itemId: String(row.orderItemId) },
        customer_details: { email: row.customerEmail },
      },
    },
  };
}
