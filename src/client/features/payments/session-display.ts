/** What the payment-success page shows for a payment session. Pure. */
import type { PaymentSessionSummary } from '../../../shared/schemas/payments.js';

export type PaymentResultTone = 'paid' | 'awaiting' | 'other';

export interface PaymentResult {
  title: string;
  /** The payment status as shown. */
  statusLabel: string;
  tone: PaymentResultTone;
}

/**
 * Paid: 'Payment Successful!' and 'Paid'. A bank-account payment still processing: 'Payment
 * Processing' and 'Awaiting Funds'; any other bank-account status: 'Processing Bank Payment'.
 * Otherwise 'Payment Received' with the raw status.
 */
export function paymentResult(
  session: Pick<PaymentSessionSummary, 'payment_status' | 'payment_method_types'>,
) {
  const status = session.payment_status;
  const bank = session.payment_method_types.includes('us_bank_account');
  if (status === 'paid') return { title: 'Payment Successful!', statusLabel: 'Paid', tone: 'paid' } as const;
  if (bank && status === 'processing') {
    return { title: 'Payment Processing', statusLabel: 'Awaiting Funds', tone: 'awaiting' } as const;
  }
  if (bank) return { title: 'Processing Bank Payment', statusLabel: status, tone: 'other' } as const;
  return { title: 'Payment Received', statusLabel: status, tone: 'other' } as const;
}

/** Minor units divided by 100, formatted in the session's currency. */
export function formatMinorUnits(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    // An unknown currency code: the number and the code as given.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
