/** The payment dialog's status (decision 27). */
import type { TFunction } from 'i18next';

import type { PaymentTone } from '../payments/status-pill';

export interface PaymentStatusDisplay {
  label: string;
  /** paid is green, awaiting blue, other amber. */
  tone: PaymentTone;
}

/**
 * paid, PAID or completed show 'Paid'; processing or requires_capture show 'Awaiting Funds'; any other
 * value is shown capitalised. This list is case-sensitive, unlike 'Deposit Paid' on the card
 * (isPaidStatus), so 'success' reads 'Success' in amber. A unit with no status yet reads 'Pending'.
 */
export function paymentStatusDisplay(paymentStatus: unknown): PaymentStatusDisplay {
  const status = typeof paymentStatus === 'string' && paymentStatus.trim() ? paymentStatus.trim() : 'pending';
  if (status === 'paid' || status === 'PAID' || status === 'completed')
    return { label: 'Paid', tone: 'paid' };
  if (status === 'processing' || status === 'requires_capture') {
    return { label: 'Awaiting Funds', tone: 'awaiting' };
  }
  const words = status.replace(/_/g, ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'other' };
}

/**
 * The status in the reader's language: Paid, Awaiting Funds and Pending from the orders catalogue; any
 * other status is the provider's own word, shown as it came.
 */
export function paymentStatusText(t: TFunction<'orders'>, display: PaymentStatusDisplay): string {
  if (display.tone === 'paid') return t('orders:paymentStatus.paid');
  if (display.tone === 'awaiting') return t('orders:paymentStatus.awaiting');
  return display.label === 'Pending' ? t('orders:paymentStatus.pending') : display.label;
}
