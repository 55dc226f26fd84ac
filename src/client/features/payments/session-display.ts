/** What the payment-success page shows for a payment session. Pure. */
import type { PaymentSessionSummary } from '../../../shared/schemas/payments.js';

export type PaymentResultTone = 'paid' | 'awaiting' | 'other';

/** Which result the page shows; its title is `payments:result.<kind>`. */
export const PAYMENT_RESULT_KINDS = ['paid', 'processing', 'bank', 'received'] as const;
export type PaymentResultKind = (typeof PAYMENT_RESULT_KINDS)[number];
/** The statuses the page names in the customer's language; any other is the provider's own word. */
export const PAYMENT_STATUS_KEYS = ['paid', 'awaitingFunds'] as const;

export interface PaymentResult {
  kind: PaymentResultKind;
  /** The key of the status as shown (`payments:status.<key>`), or the provider's own word when it has none. */
  status: string;
  tone: PaymentResultTone;
}

/**
 * Paid: 'Payment Successful!' and 'Paid'. A bank-account payment still processing: 'Payment
 * Processing' and 'Awaiting Funds'; any other bank-account status: 'Processing Bank Payment'.
 * Otherwise 'Payment Received' with the provider's status.
 */
export function paymentResult(
  session: Pick<PaymentSessionSummary, 'payment_status' | 'payment_method_types'>,
): PaymentResult {
  const status = session.payment_status;
  const bank = session.payment_method_types.includes('us_bank_account');
  if (status === 'paid') return { kind: 'paid', status: 'paid', tone: 'paid' };
  if (bank && status === 'processing')
    return { kind: 'processing', status: 'awaitingFunds', tone: 'awaiting' };
  return { kind: bank ? 'bank' : 'received', status, tone: 'other' };
}

/** Minor units divided by 100, formatted in the session's currency the way `intlLocale` writes it. */
export function formatMinorUnits(amount: number, currency: string, intlLocale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(intlLocale, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    // An unknown currency code: the number and the code as given.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
