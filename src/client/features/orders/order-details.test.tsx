import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

const NOW = new Date('2025-06-10T12:00:00Z');

const onboardingData = {
  firstName: 'Ann',
  lastName: 'Lee',
  applicationType: 'Individual',
  personalPhone: '5125550100',
  personalPhoneCountry: 'United States',
  personalFullAddress: '12 Oak St, Austin, TX 78701, USA',
};

async function openDetails(order: OrderDto) {
  const user = userEvent.setup();
  mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()), 'GET /api/orders': { body: [order] } });
  renderApp('/orders');
  const [first] = await screen.findAllByRole('button', { name: 'View details' });
  await user.click(first as HTMLElement);
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Order details' })) };
}

describe('order details dialog', () => {
  it('shows what the order holds and the units in a single-open accordion', async () => {
    const order = makeOrder({
      orderId: 'VH1042',
      productName: 'Studio 240',
      quantity: 2,
      status: 'DOCUMENTS_PENDING',
      orderDate: '2025-06-01T10:00:00Z',
      deliveryDate: '2025-09-30T12:00:00.000Z',
      shippingAddress: { street: '12 Oak St', city: 'Austin', state: 'TX', zipCode: '78701' },
      zipCode: '78701',
      paymentMethod: 'card',
      items: [
        makeItem({
          id: 11,
          itemNumber: 1,
          status: 'DOCUMENTS_PENDING',
          currentStageData: { onboardingData },
        }),
        makeItem({ id: 12, itemNumber: 2, status: 'PRODUCTION', deliveryDate: '2025-09-30T12:00:00.000Z' }),
      ],
    });
    const { user, dialog } = await openDetails(order);
    expect(dialog.getByText('VH1042')).toBeInTheDocument();
    // Units on different steps say so, with how many are on each, instead of one stage.
    expect(dialog.getByText('Units at different stages')).toBeInTheDocument();
    expect(dialog.getByText('Document Signing: 1 of 2 · Production: 1 of 2')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Product Information' })).toBeInTheDocument();
    expect(dialog.getByText('Studio 240', { selector: 'dd' })).toBeInTheDocument();
    expect(dialog.getByText('2', { selector: 'dd' })).toBeInTheDocument();
    // The order's delivery is its units' days, named as such.
    expect(dialog.getByText('Delivery days of its units')).toBeInTheDocument();
    expect(dialog.getByText('Sep 30, 2025')).toBeInTheDocument();
    expect(dialog.getByText(/12 Oak St\s+Austin, TX 78701/)).toBeInTheDocument();
    expect(dialog.getByText('78701', { selector: 'dd' })).toBeInTheDocument();
    expect(dialog.getByText('Card')).toBeInTheDocument();
    // Documents appear only at DOCUMENTS_SIGNING.
    expect(dialog.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();

    const first = dialog.getByRole('button', { name: 'VH1042 · Unit 1 - Document Signing' });
    const second = dialog.getByRole('button', { name: 'VH1042 · Unit 2 - Production' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(dialog.getByText('Ann Lee')).toBeInTheDocument();
    expect(dialog.getByText('Individual')).toBeInTheDocument();
    expect(dialog.getByText('(512) 555-0100')).toBeInTheDocument();
    expect(dialog.getByText('12 Oak St, Austin, TX 78701, USA')).toBeInTheDocument();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides empty values and says when the order date is unknown', async () => {
    const { dialog } = await openDetails(makeOrder({ orderDate: '' }));
    expect(dialog.getByText('Not available')).toBeInTheDocument();
    expect(dialog.getByText('1', { selector: 'dd' })).toBeInTheDocument();
    for (const hidden of [
      'Shipping Information',
      'Location Information',
      'Payment Information',
      'Documents',
    ]) {
      expect(dialog.queryByRole('heading', { name: hidden })).not.toBeInTheDocument();
    }
    expect(dialog.queryByText('Expected Delivery')).not.toBeInTheDocument();
  });

  it('lists the documents of an order at signing', async () => {
    const order = makeOrder({
      status: 'DOCUMENTS_SIGNING',
      shippingAddress: 'PO Box 9, Austin',
      currentStageData: {
        documentStatus: 'ready',
        documentUrl: 'https://sign.example/1',
        signingStartedAt: '2025-06-02T15:00:00.000Z',
      },
    });
    const { dialog } = await openDetails(order);
    expect(dialog.getByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(dialog.getByText('Ready')).toBeInTheDocument();
    expect(dialog.getByText('Signing Started')).toBeInTheDocument();
    expect(dialog.getByText('Jun 2, 2025')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: /Open document/ })).toHaveAttribute(
      'href',
      'https://sign.example/1',
    );
    expect(dialog.getByText('PO Box 9, Austin')).toBeInTheDocument();
  });
});

describe('order page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the order with its units expanded, their status from the item list', async () => {
    const order = makeOrder({ id: 8, orderId: 'VH1008', quantity: 2, status: 'ORDER_PLACED' });
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [order] },
      'GET /api/orders/8': { body: order },
      'GET /api/orders/8/items': {
        body: [
          makeItem({ id: 81, orderId: 8, itemNumber: 1, status: 'SITE_PREP' }),
          makeItem({ id: 82, orderId: 8, itemNumber: 2, status: 'DELIVERED' }),
        ],
      },
      'GET /api/orders/8/events': { body: [] },
    });
    renderApp('/orders/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order VH1008' })).toBeVisible();
    expect(await screen.findByText('Site preparation underway')).toBeInTheDocument();
    expect(screen.getAllByRole('list', { name: 'Order timeline' })).toHaveLength(2);
    const [first, second] = screen.getAllByRole('article');
    expect(first).toHaveAttribute('data-status', 'SITE_PREP');
    expect(second).toHaveAttribute('data-status', 'DELIVERED');
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('heading', { name: 'Order details' })).toBeInTheDocument();
  });

  it('shows what the order costs, each deposit asked and whether it is paid, and when it was ordered', async () => {
    const order = makeOrder({
      id: 8,
      orderId: 'VH1008',
      quantity: 2,
      status: 'FINANCING_PAYMENT',
      amount: '4000000',
      orderDate: '2025-05-02T10:00:00Z',
      items: [
        makeItem({
          id: 81,
          orderId: 8,
          itemNumber: 1,
          status: 'FINANCING_PAYMENT',
          currentStageData: { paymentAmount: 500_000, paymentStatus: 'pending' },
        }),
        makeItem({
          id: 82,
          orderId: 8,
          itemNumber: 2,
          status: 'SITE_PREP',
          currentStageData: { amount: 750_000, paymentStatus: 'paid' },
        }),
      ],
    });
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [order] },
      'GET /api/orders/8': { body: order },
      'GET /api/orders/8/items': { body: order.items },
      'GET /api/orders/8/events': { body: [] },
    });
    renderApp('/orders/8');
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    const value = (term: string) => summary.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(summary.getByText('May 2, 2025')).toBeInTheDocument();
    expect(value('Order value')).toHaveTextContent('$40,000.00');
    expect(value('Paid')).toHaveTextContent('$7,500.00');
    expect(value('Still due')).toHaveTextContent('$5,000.00');
    const deposits = within(summary.getByRole('list', { name: 'Deposit' })).getAllByRole('listitem');
    expect(deposits.map((unit) => unit.textContent)).toEqual([
      'VH1008 · Unit 1Deposit $5,000.00Due',
      'VH1008 · Unit 2Deposit $7,500.00Paid',
    ]);
  });

  it('says when no deposit has been asked for yet, and when the total is not known', async () => {
    const order = makeOrder({ id: 8, orderId: 'VH1008', status: 'ORDER_PLACED', amount: null });
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [order] },
      'GET /api/orders/8': { body: { ...order, status: 'ORDER_PLACED' } },
      'GET /api/orders/8/items': {
        body: [makeItem({ id: 81, orderId: 8, status: 'ORDER_PLACED' })],
      },
      'GET /api/orders/8/events': { body: [] },
    });
    renderApp('/orders/8');
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Order value', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Not available yet',
    );
    expect(within(summary.getByRole('list', { name: 'Deposit' })).getByRole('listitem')).toHaveTextContent(
      'Not asked yet',
    );
  });

  it('says when the order does not exist', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [] },
      'GET /api/orders/99': { status: 404, body: { message: 'Order not found' } },
    });
    renderApp('/orders/99');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/orders');
  });
});
