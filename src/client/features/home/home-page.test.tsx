import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeItem, makeOrder } from '../../test/orders';
import { publicConfig } from '../../test/public-config';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

function at(hour: number, minute = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 2, hour, minute));
}

describe('home page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, 0, 'Good morning, Ann'],
    [11, 59, 'Good morning, Ann'],
    [12, 0, 'Good afternoon, Ann'],
    [17, 59, 'Good afternoon, Ann'],
    [18, 0, 'Good evening, Ann'],
    [23, 30, 'Good evening, Ann'],
  ])('greets at %i:%i with "%s"', async (hour, minute, greeting) => {
    at(hour, minute);
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(greeting);
  });

  it('says "there" when the user has no first name', async () => {
    at(9);
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser({ firstName: null })) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Good morning, there');
  });

  it('links the three cards to orders, account and the configured FAQ in a new tab', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/config': publicConfig({ faqUrl: 'https://help.acme.example/faq' }),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /^My Orders/ })).toHaveAttribute('href', '/orders');
    expect(main.getByRole('link', { name: /^Account Information/ })).toHaveAttribute('href', '/account');
    // Once the configuration has arrived, the card opens the outside address instead of /help.
    await waitFor(() =>
      expect(main.getByRole('link', { name: /^Help & Support/ })).toHaveAttribute(
        'href',
        'https://help.acme.example/faq',
      ),
    );
    expect(main.getByRole('link', { name: /^Help & Support/ })).toHaveAttribute('target', '_blank');
  });

  it('opens the built-in help page from Help & Support while no FAQ address is set', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/config': publicConfig(),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const help = within(screen.getByRole('main')).getByRole('link', { name: /^Help & Support/ });
    expect(help).toHaveAttribute('href', '/help');
    expect(help).not.toHaveAttribute('target');
  });

  it('puts the tasks first, then each unit in progress with its stage, next step and latest date', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': {
        body: [
          makeOrder({
            id: 7,
            orderId: 'VH1042',
            productName: 'Studio 240',
            quantity: 4,
            orderDate: '2025-05-01T10:00:00Z',
            items: [
              makeItem({
                itemNumber: 1,
                status: 'FINANCING_PAYMENT',
                statusChangedAt: '2025-05-20T10:00:00Z',
                currentStageData: { paymentAmount: 500_000 },
              }),
              makeItem({ itemNumber: 2, status: 'PRODUCTION', deliveryDate: '2025-07-15' }),
              makeItem({
                itemNumber: 3,
                status: 'PRODUCTION',
                estimate: { from: '2025-08-04', to: '2025-08-29', basis: 'defaults', historyUnits: 0 },
              }),
              makeItem({ itemNumber: 4, status: 'DELIVERED' }),
            ],
          }),
        ],
      },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    const todo = await main.findByRole('region', { name: /To do/ });
    const units = main.getByRole('region', { name: 'Where your units are' });
    // On every width the tasks come before the units and the navigation cards.
    expect(todo.compareDocumentPosition(units) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The task link opens the unit's task on the order page (task-link.ts).
    const payment = within(todo).getByRole('link', { name: /Complete payment.*VH1042 · Unit 1/ });
    expect(payment).toHaveAttribute('href', '/orders/7?unit=1&task=open');
    // The deposit due, as the order page and the back office say it.
    expect(payment).toHaveTextContent('Deposit due $5,000.00');
    const rows = within(within(units).getByRole('list')).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      'VH1042 · Unit 1Studio 240PaymentNext: Site Preparation · Since May 20, 2025',
      'VH1042 · Unit 2Studio 240ProductionNext: Delivery Scheduled · Delivery booked for Jul 15, 2025',
      // Unit 2's booking is its own: unit 3 keeps its window.
      'VH1042 · Unit 3Studio 240ProductionNext: Delivery Scheduled · Estimated delivery: Aug 4 – 29, 2025',
    ]);
    expect(within(units).getByText(/1 unit delivered/)).toBeInTheDocument();
  });

  it('says when there is nothing to do and nothing on its way', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()), 'GET /api/orders': { body: [] } });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    expect(await main.findByText(/Nothing to do right now/)).toBeInTheDocument();
    expect(main.getByText('You have no orders yet.')).toBeInTheDocument();
  });
});
