import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

// Internal ids no person should ever read: the order's 4242 and the units' 97531 and 97532.
const ORDER = makeOrder({
  id: 4242,
  orderId: 'WF-5531',
  productName: 'Cabin 400',
  quantity: 2,
  amount: '4000000',
  items: [
    makeItem({ id: 97531, orderId: 4242, itemNumber: 1, status: 'PRODUCTION' }),
    makeItem({
      id: 97532,
      orderId: 4242,
      itemNumber: 2,
      status: 'FINANCING_PAYMENT',
      currentStageData: { paymentAmount: 500_000, paymentStatus: 'pending' },
    }),
  ],
});
const NAME = 'WF-5531 · Unit 2';

function api() {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/orders': { body: [ORDER] },
    'GET /api/orders/4242': { body: ORDER },
    'GET /api/orders/4242/items': { body: ORDER.items },
    'GET /api/orders/4242/events': { body: [] },
    'POST /api/order-items/97532/payment': {
      body: { paymentUrl: '/payment/test-checkout/cs_1', sessionId: 'cs_1', paymentIntentId: null },
    },
  });
}

/** No internal id, nor a 'VH' number made up from one, anywhere on the page. */
function expectNoInternalId() {
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(/4242|97531|97532/);
  expect(text).not.toMatch(/VH/);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one name per unit', () => {
  it('names the unit the same on Home and Purchase Tasks, never by an internal id', async () => {
    api();
    renderApp('/');
    const todo = await screen.findByRole('region', { name: /To do/ });
    expect(within(todo).getByRole('link', { name: /Complete payment/ })).toHaveTextContent(NAME);
    expect(screen.getByRole('region', { name: 'Where your units are' })).toHaveTextContent(NAME);
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByRole('link', { name: /Complete payment/ })).toHaveTextContent(NAME);
    expectNoInternalId();
  });

  it('names it the same on My Orders, whose search finds the order by that name', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/orders');
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(titles).toEqual([expect.stringContaining('WF-5531 · Unit 1'), expect.stringContaining(NAME)]);
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'wf-5531');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expectNoInternalId();
  });
});

describe('a task link', () => {
  it("opens the order page with the unit's task dialog open and its card scrolled into view", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const user = userEvent.setup();
    const calls = api();
    renderApp('/');
    const todo = within(await screen.findByRole('region', { name: /To do/ }));
    await user.click(todo.getByRole('link', { name: /Complete payment/ }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Deposit payment' }));
    expect(dialog.getByText('Order and unit', { selector: 'dt' }).nextElementSibling).toHaveTextContent(NAME);
    await dialog.findByRole('link', { name: /Open Payment Page/ });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/order-items/97532/payment',
    ]);
    // The unit's own card, not the first one, is brought into view.
    const card = scrolled.find((element) => element.tagName === 'ARTICLE');
    expect(card).toHaveTextContent(NAME);
    expect(card).toHaveAttribute('data-status', 'FINANCING_PAYMENT');
    expectNoInternalId();

    // Closed, the task stays closed: the link's query was read once.
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: 'Deposit payment' })).not.toBeInTheDocument();
  });

  it('works from the phone menu: the menu closes and the task opens', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/');
    await screen.findByRole('region', { name: /To do/ });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(await screen.findByRole('dialog', { name: 'Menu' }));
    await user.click(await menu.findByRole('link', { name: /Complete payment/ }));
    expect(await screen.findByRole('dialog', { name: 'Deposit payment' })).toHaveTextContent(NAME);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('only scrolls to the unit when it has nothing to do', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/');
    const units = within(await screen.findByRole('region', { name: 'Where your units are' }));
    const link = units.getByRole('link', { name: /WF-5531 · Unit 1/ });
    expect(link).toHaveAttribute('href', '/orders/4242?unit=1');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order WF-5531' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
