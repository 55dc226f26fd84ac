/**
 * The money of an order, per unit: its value, the deposit asked of each unit, what is paid and what is
 * still due. The server computes it (`orderMoney`) from the order and its units and answers it with
 * the customer's order, the back office's order page and each row of the orders table, so both sides
 * read the same figures. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { type Stage, stageIndex } from '../stages.js';
import { depositCents, wholeCents } from './payments.js';

/** Every amount of the product is in cents of US dollars (the checkout charges in `usd`). */
export const MONEY_CURRENCY = 'USD';

/**
 * Where a unit's deposit stands:
 * - `upcoming`: not asked yet (the unit is before the payment stage);
 * - `due`: asked and not paid (a failed or cancelled payment too);
 * - `awaiting`: a bank payment is on its way (processing, requires_capture);
 * - `paid`;
 * - `unrecorded`: the unit is past the payment stage with no payment recorded for it.
 */
export const UNIT_PAYMENT_STATES = ['upcoming', 'due', 'awaiting', 'paid', 'unrecorded'] as const;
export type UnitPaymentState = (typeof UNIT_PAYMENT_STATES)[number];

/**
 * Where the order's deposits stand as a whole: every unit paid (`paid`), some (`part_paid`), none but a
 * deposit asked (`due`) or on its way (`awaiting`), or nothing asked yet (`none`).
 */
export const ORDER_PAYMENT_STATES = ['none', 'due', 'awaiting', 'part_paid', 'paid'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const unitMoneySchema = z.object({
  itemNumber: z.number(),
  state: z.enum(UNIT_PAYMENT_STATES),
  /**
   * The deposit asked of the unit, in cents (paid, due or on its way); null before it is asked, when no
   * amount is known, or when the unit was paid by a payment recorded on the order only.
   */
  deposit: z.nullable(z.number()),
  /** How it was paid, as the provider or integration names it ('card', 'finance'); null while unpaid. */
  method: z.nullable(z.string()),
  /** When it was paid (ISO), where the payment recorded it. */
  paidAt: z.nullable(z.string()),
});
export type UnitMoney = z.infer<typeof unitMoneySchema>;

export const orderMoneySchema = z.object({
  /** ISO 4217 code of every amount here: 'USD'. */
  currency: z.string(),
  /** The order's value (its `amount`), in cents; null when the order has none. */
  orderValue: z.nullable(z.number()),
  state: z.enum(ORDER_PAYMENT_STATES),
  /** What the customer has paid, in cents. */
  paid: z.number(),
  /** The deposits asked and not paid yet (those on their way included), in cents. */
  due: z.number(),
  /** One per unit, by item number. */
  units: z.array(unitMoneySchema),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/** The order fields the money is computed from. */
export interface MoneyOrder {
  amount: string | null;
  transactionId: string | null;
  paymentMethod: string | null;
}

/** A unit as the money reads it: its stage and the payment fields of its stage data. */
export interface MoneyUnit {
  itemNumber: number;
  status: Stage;
  stageData: Record<string, unknown>;
}

/** Payment statuses that mean the deposit is paid; the unit card then shows 'Deposit Paid'. */
const PAID_STATUSES = ['paid', 'completed', 'success', 'successful'];

export function isPaidStatus(paymentStatus: unknown): boolean {
  return typeof paymentStatus === 'string' && PAID_STATUSES.includes(paymentStatus.toLowerCase());
}

const FUNDS_ON_THEIR_WAY = ['processing', 'requires_capture'];
const PAYMENT_STAGE = stageIndex('FINANCING_PAYMENT');

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const present = (value: unknown) => value !== undefined && value !== null;

/**
 * The payment method of a unit: the checkout's (`paymentMethod`), else the payment webhook's
 * (`paymentType`), else the order's.
 */
function methodOf(stageData: Record<string, unknown>, order: MoneyOrder): string | null {
  return text(stageData.paymentMethod) ?? text(stageData.paymentType) ?? text(order.paymentMethod);
}

function unitMoney(unit: MoneyUnit, order: MoneyOrder): UnitMoney {
  const data = unit.stageData;
  const status = data.paymentStatus;
  const deposit = depositCents(data, order.amount);
  if (isPaidStatus(status)) {
    return {
      itemNumber: unit.itemNumber,
      state: 'paid',
      deposit,
      method: methodOf(data, order),
      paidAt: text(data.paidAt),
    };
  }
  const base = { itemNumber: unit.itemNumber, method: null, paidAt: null };
  if (typeof status === 'string' && FUNDS_ON_THEIR_WAY.includes(status)) {
    return { ...base, state: 'awaiting', deposit };
  }
  // Asked from the payment stage on, or wherever a payment status or amount was recorded (decision 134).
  if (unit.status === 'FINANCING_PAYMENT' || present(status) || present(data.paymentAmount)) {
    return { ...base, state: 'due', deposit };
  }
  const state = stageIndex(unit.status) < PAYMENT_STAGE ? 'upcoming' : 'unrecorded';
  return { ...base, state, deposit: null };
}

/**
 * The order's money from the order and its units (the same rule on every screen and in the customers'
 * totals, `paidCentsSql` in src/server/features/orders/money-sql.ts):
 * - each unit's deposit is the amount the checkout charges (`depositCents`: its stage data's
 *   paymentAmount, else amount, else the order's amount);
 * - a unit is paid when its payment status says so;
 * - an order with a transaction id whose units carry no payment status at all was paid as a whole
 *   (an import, an integration): every unit is paid and what was paid is the order's value.
 */
export function orderMoney(order: MoneyOrder, units: readonly MoneyUnit[]): OrderMoney {
  const orderValue = wholeCents(order.amount);
  const sorted = [...units].sort((a, b) => a.itemNumber - b.itemNumber);
  const paidAsWhole =
    text(order.transactionId) !== null && sorted.every((unit) => !present(unit.stageData.paymentStatus));
  const perUnit: UnitMoney[] = paidAsWhole
    ? sorted.map((unit) => ({
        itemNumber: unit.itemNumber,
        state: 'paid',
        deposit: null,
        method: methodOf(unit.stageData, order),
        paidAt: text(unit.stageData.paidAt),
      }))
    : sorted.map((unit) => unitMoney(unit, order));
  const sum = (states: UnitPaymentState[]) =>
    perUnit.reduce((total, unit) => total + (states.includes(unit.state) ? (unit.deposit ?? 0) : 0), 0);
  const paidUnits = perUnit.filter((unit) => unit.state === 'paid').length;
  const has = (state: UnitPaymentState) => perUnit.some((unit) => unit.state === state);
  const state: OrderPaymentState =
    paidAsWhole || (perUnit.length > 0 && paidUnits === perUnit.length)
      ? 'paid'
      : paidUnits > 0
        ? 'part_paid'
        : has('due')
          ? 'due'
          : has('awaiting')
            ? 'awaiting'
            : 'none';
  return {
    currency: MONEY_CURRENCY,
    orderValue,
    state,
    paid: paidAsWhole ? (orderValue ?? 0) : sum(['paid']),
    due: sum(['due', 'awaiting']),
    units: perUnit,
  };
}
