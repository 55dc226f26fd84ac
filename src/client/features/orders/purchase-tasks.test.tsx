import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';
import { hasPendingAction, unitAction } from './unit-stage';
import { purchaseTasks } from './use-purchase-tasks';

describe('purchase tasks', () => {
  it('makes a task for exactly the units whose card asks the customer to act', () => {
    const order = makeOrder({
      id: 3,
      orderId: 'VH1003',
      quantity: 8,
      items: [
        makeItem({ itemNumber: 1, status: 'LOCATION_ENABLED' }),
        makeItem({ itemNumber: 2, status: 'DOCUMENTS_SIGNING' }),
        makeItem({ itemNumber: 3, status: 'FINANCING_PAYMENT' }),
        makeItem({ itemNumber: 4, status: 'SITE_PREP' }),
        makeItem({ itemNumber: 5, status: 'FINAL_DOCUMENTS' }),
        makeItem({ itemNumber: 6, status: 'DOCUMENTS_PENDING' }),
        makeItem({ itemNumber: 7, status: 'PRODUCTION' }),
        makeItem({
          itemNumber: 8,
          status: 'DOCUMENTS_PENDING',
          currentStageData: { documentStatus: 'ready', documentUrl: 'https://sign.example/d/8' },
        }),
      ],
    });
    const tasks = purchaseTasks([order]);
    expect(tasks.map((t) => [t.itemNumber, t.action, t.orderId])).toEqual([
      [1, 'onboarding', 3],
      [2, 'sign', 3],
      [3, 'payment', 3],
      [8, 'start-signing', 3],
    ]);
    // The same units carry the red '1' on their cards.
    const withBadge = order.items.filter((item) =>
      hasPendingAction(unitAction({ status: item.status, stageData: item.currentStageData })),
    );
    expect(withBadge.map((item) => item.itemNumber)).toEqual(tasks.map((t) => t.itemNumber));
  });

  it.each(['paid', 'PAID', 'Completed', 'success', 'successful'])(
    'leaves out a payment whose status is %s',
    (paymentStatus) => {
      const order = makeOrder({
        items: [makeItem({ status: 'FINANCING_PAYMENT', currentStageData: { paymentStatus } })],
      });
      expect(purchaseTasks([order])).toEqual([]);
    },
  );

  it('keeps a payment that is not paid yet', () => {
    const order = makeOrder({
      items: [makeItem({ status: 'FINANCING_PAYMENT', currentStageData: { paymentStatus: 'processing' } })],
    });
    expect(purchaseTasks([order]).map((t) => t.action)).toEqual(['payment']);
  });

  it('makes one task per unit of quantity from the order status when the order has no items', () => {
    const order = makeOrder({ id: 9, quantity: 3, status: 'LOCATION_ENABLED', items: [] });
    expect(purchaseTasks([order]).map((t) => [t.key, t.itemNumber, t.action])).toEqual([
      ['9-1', 1, 'onboarding'],
      ['9-2', 2, 'onboarding'],
      ['9-3', 3, 'onboarding'],
    ]);
  });

  it("lists the tasks in the sidebar with their count, each opening its unit's task", async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': {
        body: [
          makeOrder({
            id: 4,
            orderId: 'VH1004',
            items: [makeItem({ itemNumber: 1, status: 'LOCATION_ENABLED' })],
          }),
          makeOrder({
            id: 5,
            orderId: 'VH1005',
            quantity: 2,
            items: [
              makeItem({ itemNumber: 1, status: 'PRODUCTION' }),
              makeItem({ itemNumber: 2, status: 'DOCUMENTS_SIGNING' }),
            ],
          }),
        ],
      },
    });
    renderApp('/');
    const nav = within(await screen.findByRole('complementary'));
    const toggle = await nav.findByRole('button', { name: /Purchase Tasks\s*Pending tasks:\s*2/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const first = nav.getByRole('link', { name: /VH1004 · Unit 1.*Complete onboarding form/ });
    expect(first).toHaveAttribute('href', '/orders/4?unit=1&task=open');
    const second = nav.getByRole('link', { name: /VH1005 · Unit 2.*Sign required documents/ });
    expect(second).toHaveAttribute('href', '/orders/5?unit=2&task=open');
  });

  it('claims no count while the orders load, and says so when they cannot be loaded', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/');
    const nav = within(await screen.findByRole('complementary'));
    expect(
      nav.getByRole('button', { name: /Purchase Tasks\s*Pending tasks:\s*loading/ }),
    ).toBeInTheDocument();
    expect(nav.getByText('Loading your tasks…')).toBeInTheDocument();
    expect(nav.queryByText('Nothing to do right now.')).not.toBeInTheDocument();
    answer({ status: 500, body: { message: 'Database unavailable' } });
    expect(await nav.findByText('Your tasks could not be loaded.')).toBeInTheDocument();
  });
});
