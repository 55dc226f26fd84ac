import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminApi, listUrl, makeRow } from '../../test/admin-orders';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

/** A three-unit order worth $142,500: the first deposit paid by card, the second due, the third not asked yet. */
const deposit = 500_000;
const order = makeOrder({
  id: 9,
  orderId: 'VH1009',
  quantity: 3,
  status: 'DOCUMENTS_SIGNING',
  amount: '14250000',
  paymentMethod: 'card',
  transactionId: 'pi_1',
  items: [
    makeItem({
      id: 91,
      orderId: 9,
      itemNumber: 1,
      status: 'SITE_PREP',
      currentStageData: { paymentAmount: deposit, paymentStatus: 'paid', paymentMethod: 'card' },
    }),
    makeItem({
      id: 92,
      orderId: 9,
      itemNumber: 2,
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentAmount: deposit },
    }),
    makeItem({ id: 93, orderId: 9, itemNumber: 3, status: 'DOCUMENTS_SIGNING' }),
  ],
});

/** The three figures and each unit's deposit line, as a reader sees them. */
function figuresIn(region: HTMLElement) {
  const view = within(region);
  const value = (term: string) => view.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  const units = within(view.getByRole('list', { name: 'Deposit' }))
    .getAllByRole('listitem')
    // Each side names its units its own way; what follows the name is the same.
    .map((unit) => unit.children[1]?.textContent ?? '');
  return { value: value('Order value'), paid: value('Paid'), due: value('Still due'), units };
}

const EXPECTED = {
  value: '$142,500.00',
  paid: '$5,000.00',
  due: '$5,000.00',
  units: ['Deposit $5,000.00PaidCard', 'Deposit $5,000.00Due', 'Not asked yet'],
};

describe('the money of a part-paid three-unit order', () => {
  it('reads the same on the customer’s order page and on the staff order page', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [order] },
      'GET /api/orders/9': { body: order },
      'GET /api/orders/9/items': { body: order.items },
      'GET /api/orders/9/events': { body: [] },
    });
    const customerView = renderApp('/orders/9');
    const customer = figuresIn(await screen.findByRole('region', { name: 'Order summary' }));
    expect(customer).toEqual(EXPECTED);
    customerView.unmount();

    adminApi({
      'GET /api/admin/orders/9': { body: makeRow({ id: 9, orderId: 'VH1009', money: order.money }) },
      'GET /api/orders/9': { body: order },
      'GET /api/admin/orders/9/activity': { body: [] },
    });
    renderApp('/admin/orders/9');
    const card = await screen.findByRole('region', { name: 'Payment' });
    expect(within(card).getByText('Part paid')).toBeInTheDocument();
    expect(figuresIn(card)).toEqual(EXPECTED);
  });

  it('says in the staff orders table what is due, not the order value as unpaid', async () => {
    const asked = makeOrder({
      id: 10,
      quantity: 1,
      amount: '6750000',
      items: [
        makeItem({
          id: 101,
          orderId: 10,
          status: 'FINANCING_PAYMENT',
          currentStageData: { paymentAmount: deposit, paymentStatus: 'pending' },
        }),
      ],
    });
    const rows = [
      makeRow({ id: 9, orderId: 'VH1009', quantity: 3, amount: '14250000', money: order.money }),
      makeRow({ id: 10, orderId: 'VH1010', amount: '6750000', money: asked.money }),
    ];
    adminApi({ [`GET ${listUrl()}`]: { body: { items: rows, total: 2 } } });
    renderApp('/admin/orders');
    const table = await screen.findByRole('table');
    const rowOf = (id: string) => within(table).getByText(id).closest('tr') as HTMLElement;
    expect(within(rowOf('VH1010')).getByText('Deposit due $5,000.00')).toBeInTheDocument();
    expect(within(rowOf('VH1010')).getByText('Order value $67,500.00')).toBeInTheDocument();
    expect(within(rowOf('VH1009')).getByText('Part paid')).toBeInTheDocument();
    expect(within(rowOf('VH1009')).getByText('$5,000.00 paid · $5,000.00 due')).toBeInTheDocument();
    expect(within(table).queryByText(/Unpaid/)).not.toBeInTheDocument();
  });
});
