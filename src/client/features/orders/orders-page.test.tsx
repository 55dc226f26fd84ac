import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { makeItem, makeOrder, makeStatusEvent } from '../../test/orders';
import { publicConfig } from '../../test/public-config';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

const NOW = new Date('2025-06-10T12:00:00Z');

function ordersApi(orders: OrderDto[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/orders': { body: orders },
    ...extra,
  });
}

const studio = makeOrder({
  id: 1,
  orderId: 'VH1042',
  productName: 'Studio 240',
  quantity: 2,
  orderDate: '2025-06-05T10:00:00Z',
  items: [
    makeItem({ id: 11, orderId: 1, itemNumber: 1, status: 'LOCATION_ENABLED' }),
    makeItem({ id: 12, orderId: 1, itemNumber: 2, status: 'PRODUCTION', deliveryDate: '2025-08-15' }),
  ],
});
const cabin = makeOrder({
  id: 2,
  orderId: 'ORD-77',
  productName: 'Garden Cabin',
  quantity: 1,
  orderDate: '2025-05-01T10:00:00Z',
  status: 'DELIVERED',
});

function unitCards() {
  return screen.getAllByRole('article');
}

describe('My Orders page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('titles the page with the number of orders and shows one card per unit', async () => {
    ordersApi([studio, cabin]);
    renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders (2)' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      expect.stringContaining('VH1042 · Unit 1'),
      expect.stringContaining('VH1042 · Unit 2'),
      // Not a 'VH' id: its business id as it is, the name staff see too.
      expect.stringContaining('ORD-77 · Unit 1'),
    ]);
    const [first, second, third] = unitCards();
    expect(first).toHaveAttribute('data-multi-item', 'true');
    expect(within(second as HTMLElement).getByText(/Unit 2 of 2/)).toBeInTheDocument();
    expect(third).toHaveAttribute('data-multi-item', 'false');
  });

  it('searches order ids and product names regardless of case', async () => {
    const user = userEvent.setup();
    ordersApi([studio, cabin]);
    renderApp('/orders');
    const search = await screen.findByRole('searchbox', { name: 'Search orders' });
    await user.type(search, 'garden');
    expect(unitCards()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Garden Cabin');

    await user.clear(search);
    await user.type(search, 'vh1042');
    expect(unitCards()).toHaveLength(2);

    await user.clear(search);
    await user.type(search, 'ord-77');
    expect(unitCards()).toHaveLength(1);
  });

  it('says there are no orders yet and offers the configured store', async () => {
    ordersApi([], { 'GET /api/config': publicConfig({ storeUrl: 'https://shop.acme.example/' }) });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Orders (0)');
    expect(screen.getByText("You don't have any orders in your account yet.")).toBeInTheDocument();
    const browse = screen.getByRole('link', { name: /Browse Products/ });
    await waitFor(() => expect(browse).toHaveAttribute('href', 'https://shop.acme.example/'));
    expect(browse).toHaveAttribute('target', '_blank');
  });

  it('says when the search matches nothing', async () => {
    const user = userEvent.setup();
    ordersApi([studio]);
    renderApp('/orders');
    await user.type(await screen.findByRole('searchbox', { name: 'Search orders' }), 'yacht');
    expect(screen.getByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
    expect(
      screen.getByText('No orders match your search criteria. Try adjusting your search terms.'),
    ).toBeInTheDocument();
    // No store address is set on a fresh install: no button leads to a placeholder site.
    expect(screen.queryByRole('link', { name: /Browse Products/ })).not.toBeInTheDocument();
  });

  it('offers Browse Products once an admin has set the store address', async () => {
    const user = userEvent.setup();
    ordersApi([studio], { 'GET /api/config': publicConfig({ storeUrl: 'https://shop.acme.example/' }) });
    renderApp('/orders');
    await user.type(await screen.findByRole('searchbox', { name: 'Search orders' }), 'yacht');
    const browse = await screen.findByRole('link', { name: /Browse Products/ });
    expect(browse).toHaveAttribute('href', 'https://shop.acme.example/');
    expect(browse).toHaveAttribute('target', '_blank');
  });

  it('narrows the list to orders that need the customer through the Filter menu', async () => {
    const user = userEvent.setup();
    ordersApi([studio, cabin]);
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Needs your action' }));
    expect(unitCards()).toHaveLength(2);
    expect(screen.queryByText(/Garden Cabin/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filter.*Needs your action$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Delivered' }));
    expect(unitCards()).toHaveLength(1);
    expect(screen.getByText(/Garden Cabin/)).toBeInTheDocument();
  });

  it('shows the red 1 on a unit with a pending action only', async () => {
    ordersApi([studio, cabin]);
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders (2)' });
    const [onboarding, production, delivered] = unitCards() as HTMLElement[];
    const action = within(onboarding as HTMLElement).getByRole('button', {
      name: 'Complete onboarding form (1 pending action)',
    });
    expect(within(action).getByText('1')).toBeVisible();
    for (const card of [production, delivered] as HTMLElement[]) {
      expect(within(card).queryByRole('button', { name: /pending action/ })).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'View details' })).toBeInTheDocument();
    }
  });

  it('expands a card by keyboard into its timeline and fetches the events only then', async () => {
    const user = userEvent.setup();
    const intoProduction = makeStatusEvent(
      { itemNumber: 2, oldStatus: 'SITE_PREP', status: 'PRODUCTION' },
      { timestamp: '2025-06-08T15:00:00Z' },
    );
    const calls = ordersApi([studio], { 'GET /api/orders/1/events': { body: [intoProduction] } });
    renderApp('/orders');
    const toggle = await screen.findByRole('button', { name: /VH1042 · Unit 2/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Order timeline' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/events'))).toBe(false);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps).toHaveLength(9);
    expect(steps.map((s) => s.dataset.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[5]).toHaveAttribute('aria-current', 'step');
    expect(steps[5]).toHaveTextContent('Production (current step)');
    // Reached steps carry their date once the events arrive; the current one names what comes next.
    await waitFor(() => expect(steps[5]).toHaveTextContent('Jun 8, 2025'));
    expect(steps[5]).toHaveTextContent('Next: Delivery Scheduled');
    expect(steps[0]).toHaveTextContent(`Order Placed (completed)Jun 5, 2025`);
    expect(steps[6]).toHaveTextContent(/^7Delivery Scheduled \(upcoming\)$/);
    expect(screen.getByText('Order currently in production')).toBeInTheDocument();
    expect(screen.getByText('Delivery booked for Aug 15, 2025')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === `/api/orders/1/events`)).toHaveLength(1));

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Order timeline' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the orders cannot be loaded', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { status: 500, body: { message: 'boom' } },
    });
    renderApp('/orders');
    expect(await screen.findByText('We could not load your orders.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/orders').length).toBeGreaterThan(1));
  });

  it('shows the delivery window until the unit has a delivery date, which replaces it', async () => {
    const estimate = { from: '2025-08-01', to: '2025-08-20', basis: 'history' as const, historyUnits: 40 };
    ordersApi([
      makeOrder({
        ...studio,
        // The order's date is derived from unit 2's booking; unit 1 has none of its own.
        deliveryDate: '2025-08-15',
        items: studio.items.map((item) => ({ ...item, estimate })),
      }),
    ]);
    renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders (1)' });
    const [waiting, dated] = unitCards();
    expect(within(waiting as HTMLElement).getByTestId('delivery-estimate')).toHaveTextContent(
      /^Estimated delivery: /,
    );
    expect(within(waiting as HTMLElement).queryByText(/Delivery booked for/)).not.toBeInTheDocument();
    expect(within(dated as HTMLElement).queryByTestId('delivery-estimate')).not.toBeInTheDocument();
  });
});
