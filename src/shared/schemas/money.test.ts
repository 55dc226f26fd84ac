import { describe, expect, it } from 'vitest';
import { orderMoney } from './money.js';

const order = { amount: '9900', transactionId: null, paymentMethod: null };

describe('the money of an order', () => {
  it('asks of each unit the deposit its stage data names, else the order’s amount, from the payment stage on', () => {
    const money = orderMoney(order, [
      { itemNumber: 1, status: 'FINANCING_PAYMENT', stageData: { paymentAmount: 250_000, amount: 1 } },
      { itemNumber: 2, status: 'FINANCING_PAYMENT', stageData: { amount: '150050' } },
      { itemNumber: 3, status: 'FINANCING_PAYMENT', stageData: {} },
      { itemNumber: 4, status: 'DOCUMENTS_SIGNING', stageData: {} },
      { itemNumber: 5, status: 'PRODUCTION', stageData: {} },
    ]);
    expect(money.units.map((unit) => [unit.state, unit.deposit])).toEqual([
      ['due', 250_000],
      ['due', 150_050],
      ['due', 9900],
      ['upcoming', null],
      ['unrecorded', null],
    ]);
    expect(money).toMatchObject({ currency: 'USD', orderValue: 9900, state: 'due', paid: 0, due: 409_950 });
  });

  it('counts paid units, funds on their way and a failed payment apart', () => {
    const money = orderMoney({ ...order, paymentMethod: 'finance' }, [
      {
        itemNumber: 2,
        status: 'FINANCING_PAYMENT',
        stageData: { paymentAmount: 500, paymentStatus: 'processing' },
      },
      {
        itemNumber: 1,
        status: 'SITE_PREP',
        stageData: {
          paymentAmount: 500,
          paymentStatus: 'PAID',
          paymentMethod: 'card',
          paidAt: '2026-01-02T00:00:00Z',
        },
      },
      {
        itemNumber: 3,
        status: 'FINANCING_PAYMENT',
        stageData: { paymentAmount: 500, paymentStatus: 'failed' },
      },
    ]);
    expect(money.units).toEqual([
      { itemNumber: 1, state: 'paid', deposit: 500, method: 'card', paidAt: '2026-01-02T00:00:00Z' },
      { itemNumber: 2, state: 'awaiting', deposit: 500, method: null, paidAt: null },
      { itemNumber: 3, state: 'due', deposit: 500, method: null, paidAt: null },
    ]);
    expect(money).toMatchObject({ state: 'part_paid', paid: 500, due: 1000 });
  });

  it('reads only whole positive cents as amounts', () => {
    const units = ['12.5', '-5', '1e3', ' 700 ', 0].map((paymentAmount, index) => ({
      itemNumber: index + 1,
      status: 'FINANCING_PAYMENT' as const,
      stageData: { paymentAmount },
    }));
    expect(orderMoney({ ...order, amount: 'n/a' }, units).units.map((unit) => unit.deposit)).toEqual([
      null,
      null,
      null,
      700,
      null,
    ]);
  });
});
