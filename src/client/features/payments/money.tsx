/**
 * The money of an order (src/shared/schemas/money.ts) as both sides show it: the order's value, what
 * is paid and what is still due, then each unit's deposit, its state and how it was paid. The customer
 * side gives its words in the reader's language (`useMoneyWords`), the back office in English
 * (`STAFF_MONEY_WORDS`); the figures and their layout are the same.
 */
import { useTranslation } from 'react-i18next';
import {
  formatCents,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodCode,
  paymentMethodCode,
  paymentMethodLabel,
  unknownPaymentMethodWords,
} from '../../../shared/format.js';
import type { Locale } from '../../../shared/locales.js';
import type {
  OrderMoney,
  OrderPaymentState,
  UnitMoney,
  UnitPaymentState,
} from '../../../shared/schemas/money.js';
import { cn } from '../../lib/utils';
import { PaymentStatusPill, type PaymentTone } from './status-pill';

export interface MoneyWords {
  orderValue: string;
  paid: string;
  due: string;
  deposit: string;
  notAvailable: string;
  unitState: Record<UnitPaymentState, string>;
  /** The order as a whole, in a few words; `amount` is what is due, formatted. */
  orderState: (state: OrderPaymentState, amount: string) => string;
  /** A payment method's code in words. */
  method: (code: string | null) => string;
}

const UNIT_TONES: Record<UnitPaymentState, PaymentTone | null> = {
  upcoming: null,
  due: 'other',
  awaiting: 'awaiting',
  paid: 'paid',
  unrecorded: null,
};

/** The back office's words (English only, like the rest of the back office). */
export const STAFF_MONEY_WORDS: MoneyWords = {
  orderValue: 'Order value',
  paid: 'Paid',
  due: 'Still due',
  deposit: 'Deposit',
  notAvailable: 'Not available yet',
  unitState: {
    upcoming: 'Not asked yet',
    due: 'Due',
    awaiting: 'Awaiting Funds',
    paid: 'Paid',
    unrecorded: 'No payment recorded',
  },
  orderState: (state, amount) =>
    ({
      none: 'No deposit due yet',
      due: amount ? `Deposit due ${amount}` : 'Deposit due',
      awaiting: 'Awaiting Funds',
      part_paid: 'Part paid',
      paid: 'Paid',
    })[state],
  method: paymentMethodLabel,
};

/** A payment method in the reader's language: its words from `payments:method.<code>`. */
export function usePaymentMethodWords(): (code: string | null | undefined) => string {
  const { t } = useTranslation('payments');
  return (code) => {
    const known: PaymentMethodCode | null = paymentMethodCode(code);
    return known ? t(`method.${known}`) : unknownPaymentMethodWords(code);
  };
}

/** The methods' keys under `payments:method` (the catalogues hold one per code). */
export const PAYMENT_METHOD_KEYS = Object.keys(PAYMENT_METHOD_LABELS).map((code) => `method.${code}`);

/** The customer side's words, in the reader's language. */
export function useMoneyWords(): MoneyWords {
  const { t } = useTranslation('payments');
  const method = usePaymentMethodWords();
  return {
    orderValue: t('money.orderValue'),
    paid: t('money.paid'),
    due: t('money.due'),
    deposit: t('money.deposit'),
    notAvailable: t('money.notAvailable'),
    unitState: {
      upcoming: t('money.unitState.upcoming'),
      due: t('money.unitState.due'),
      awaiting: t('money.unitState.awaiting'),
      paid: t('money.unitState.paid'),
      unrecorded: t('money.unitState.unrecorded'),
    },
    orderState: (state, amount) => t(`money.orderState.${state}`, { amount }),
    method,
  };
}

/** The order as a whole in a few words: 'Deposit due $5,000.00', 'Part paid', 'Paid'. */
export function orderPaymentText(money: OrderMoney, words: MoneyWords, locale: Locale): string {
  // Nothing asked and units past the payment stage: say so, rather than that nothing is due yet.
  if (money.state === 'none' && money.units.some((unit) => unit.state === 'unrecorded')) {
    return words.unitState.unrecorded;
  }
  return words.orderState(money.state, money.due > 0 ? formatCents(money.due, locale, money.currency) : '');
}

/** A unit's deposit state as a pill, or as plain muted text while nothing is asked of it. */
function UnitPaymentPill({ unit, words }: { unit: UnitMoney; words: MoneyWords }) {
  const tone = UNIT_TONES[unit.state];
  const label = words.unitState[unit.state];
  return tone ? (
    <PaymentStatusPill label={label} tone={tone} />
  ) : (
    <span className="text-muted-foreground text-xs">{label}</span>
  );
}

interface MoneySummaryProps {
  money: OrderMoney;
  words: MoneyWords;
  locale: Locale;
  /** How the screen names a unit ('VH1042-2', 'Unit 2'). */
  unitName: (itemNumber: number) => string;
  className?: string;
}

/** The order's value, paid and still due, then one line per unit: its deposit, state and method. */
export function MoneySummary({ money, words, locale, unitName, className }: MoneySummaryProps) {
  const amount = (cents: number | null) => (cents === null ? '' : formatCents(cents, locale, money.currency));
  return (
    <div className={cn('grid gap-3 text-sm', className)} data-payment-state={money.state}>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label={words.orderValue} value={amount(money.orderValue) || words.notAvailable} />
        <Figure label={words.paid} value={amount(money.paid)} />
        <Figure label={words.due} value={amount(money.due)} />
      </dl>
      {money.units.length > 0 && (
        <ul className="grid gap-1.5" aria-label={words.deposit}>
          {money.units.map((unit) => (
            <li
              key={unit.itemNumber}
              data-unit={unit.itemNumber}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
            >
              <span className="font-medium">{unitName(unit.itemNumber)}</span>
              <span className="flex flex-wrap items-center gap-2">
                {unit.deposit !== null && (
                  <span className="tabular-nums">
                    <span className="sr-only">{words.deposit} </span>
                    {amount(unit.deposit)}
                  </span>
                )}
                <UnitPaymentPill unit={unit} words={words} />
                {unit.state === 'paid' && unit.method && (
                  <span className="text-muted-foreground text-xs">{words.method(unit.method)}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-2">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
