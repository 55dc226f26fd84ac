/** The payment dialog's status and amount (decision 27). */
import type { TFunction } from 'i18next';
import { formatCents } from '../../../shared/format.js';
import type { Locale } from '../../../shared/locales.js';
import { isPaidStatus, type StageDataDto } from '../../../shared/schemas/orders.js';
import { depositCents } from '../../../shared/schemas/payments.js';

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

/**
 * The deposit in dollars: the stage data's paymentAmount or amount (cents), else the order's amount;
 * the same rule as the amount the server charges (depositCents). Empty when there is none.
 */
export function depositAmount(stageData: StageDataDto, orderAmount: string | null, locale?: Locale): string {
  const cents = depositCents(stageData, orderAmount);
  return cents === null ? '' : formatCents(cents, locale);
}

export interface UnitDeposit {
  itemNumber: number;
  /** The deposit in dollars; '' when neither the stage data nor the order names an amount. */
  amount: string;
  status: PaymentStatusDisplay;
  paid: boolean;
}

/**
 * A unit's deposit once the product asks for it: from the payment stage on, or wherever its stage data
 * carries a payment status or amount. Null before that (no deposit has been asked for yet).
 */
export function unitDeposit(
  unit: { itemNumber: number; status: string; stageData: StageDataDto },
  orderAmount: string | null,
  locale?: Locale,
): UnitDeposit | null {
  const data = unit.stageData;
  const asked =
    unit.status === 'FINANCING_PAYMENT' ||
    data.paymentStatus !== undefined ||
    data.paymentAmount !== undefined;
  if (!asked) return null;
  return {
    itemNumber: unit.itemNumber,
    amount: depositAmount(data, orderAmount, locale),
    status: paymentStatusDisplay(data.paymentStatus),
    paid: isPaidStatus(data.paymentStatus),
  };
}
