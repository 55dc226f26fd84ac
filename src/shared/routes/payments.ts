/**
 * The deposit checkout, the Stripe webhook (its body is read raw for the signature, hence no body
 * schema), the payment-session lookup, the built-in test checkout and the Stripe key update.
 */
import { idParams } from '../schemas/common.js';
import {
  checkoutLinkSchema,
  paymentSessionParams,
  paymentSessionSummarySchema,
  stripeKeyUpdateResultSchema,
  stripeKeyUpdateSchema,
  stripeWebhookReceivedSchema,
  testCheckoutActionSchema,
  testCheckoutResultSchema,
  testCheckoutSchema,
} from '../schemas/payments.js';
import { defineRoute } from './define-route.js';

export const paymentRoutes = {
  startCheckout: defineRoute({
    method: 'POST',
    path: '/api/order-items/:id/payment',
    params: idParams,
    responses: { 200: checkoutLinkSchema },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/stripe/sessions/:sessionId',
    params: paymentSessionParams,
    responses: { 200: paymentSessionSummarySchema },
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/stripe/webhook',
    responses: { 200: stripeWebhookReceivedSchema },
  }),
  testCheckout: defineRoute({
    method: 'GET',
    path: '/api/payments/test-checkout/:sessionId',
    params: paymentSessionParams,
    responses: { 200: testCheckoutSchema },
  }),
  completeTestCheckout: defineRoute({
    method: 'POST',
    path: '/api/payments/test-checkout/:sessionId',
    params: paymentSessionParams,
    body: testCheckoutActionSchema,
    responses: { 200: testCheckoutResultSchema },
  }),
  updateStripeKey: defineRoute({
    method: 'POST',
    path: '/api/stripe/update-key',
    body: stripeKeyUpdateSchema,
    responses: { 200: stripeKeyUpdateResultSchema },
  }),
};
