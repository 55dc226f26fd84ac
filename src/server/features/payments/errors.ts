import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const paymentsErrors = defineErrors({
  DEPOSIT_ALREADY_PAID: 'CONFLICT',
  NOT_AWAITING_PAYMENT: 'CONFLICT',
  NO_DEPOSIT_DUE: 'CONFLICT',
  ONLINE_PAYMENT_UNAVAILABLE: 'CONFLICT',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  PAYMENT_IN_PROGRESS: 'CONFLICT',
  PAYMENT_SESSION_NOT_FOUND: 'NOT_FOUND',
  STRIPE_KEY_INVALID: 'BAD_REQUEST',
  STRIPE_SIGNATURE_INVALID: 'BAD_REQUEST',
  STRIPE_SIGNATURE_MISSING: 'BAD_REQUEST',
  STRIPE_WEBHOOK_NOT_CONFIGURED: 'BAD_REQUEST',
  TEST_CHECKOUT_NOT_FOUND: 'NOT_FOUND',
  TEST_PAYMENT_FINISHED: 'CONFLICT',
});
