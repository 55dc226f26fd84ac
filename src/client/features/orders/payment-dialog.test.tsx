import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderDto, OrderItemDto } from '../../../shared/schemas/orders.js';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';
import { announcePaymentUpdate } from '../payments/api';

const LINK = {
  paymentUrl: '/payment/test-checkout/test_cs_1',
  sessionId: 'test_cs_1',
  paymentIntentId: 'test_pi_1',
};

function orderWith(item: Partial<OrderItemDto>, order: Partial<OrderDto> = {}): OrderDto {
  return makeOrder({
    id: 1,
    orderId: 'VH1042',
    status: item.status,
    items: [makeItem({ id: 11, orderId: 1, itemNumber: 1, ...item })],
    ...order,
  });
}

function api(order: OrderDto | (() => OrderDto), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/orders': () => ({ body: [typeof order === 'function' ? order() : order] }),
    ...extra,
  });
}

const awaitingDeposit = (stageData: Record<string, unknown> = {}) =>
  orderWith({ status: 'FINANCING_PAYMENT', currentStageData: { paymentAmount: 500_000, ...stageData } });

const linkRequests = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/order-items/11/payment');

async function openPayment(name: RegExp | string = 'Complete payment (1 pending action)') {
  const user = userEvent.setup();
  const card = within(await screen.findByRole('article'));
  await user.click(await card.findByRole('button', { name }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Deposit payment' })) };
}

describe('the payment dialog', () => {
  it('asks for the payment link once on opening and opens it in a new window', async () => {
    const calls = api(awaitingDeposit({ paymentStatus: 'pending' }), {
      'POST /api/order-items/11/payment': { body: LINK },
    });
    renderApp('/orders');
    const { dialog } = await openPayment();
    expect(dialog.getByText('$5,000.00')).toBeInTheDocument();
    expect(dialog.getByText('Pending')).toHaveAttribute('data-tone', 'other');
    const link = await dialog.findByRole('link', { name: /Open Payment Page/ });
    expect(link).toHaveAttribute('href', LINK.paymentUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(linkRequests(calls)).toHaveLength(1);
    expect(linkRequests(calls)[0]?.body).toBeUndefined();
  });

  it('says which order, unit and product the deposit is for, the order total and what it does', async () => {
    api(
      orderWith(
        {
          status: 'FINANCING_PAYMENT',
          currentStageData: { paymentAmount: 500_000, paymentStatus: 'pending' },
        },
        { productName: 'Cabin 40', amount: '4000000' },
      ),
      { 'POST /api/order-items/11/payment': { body: LINK } },
    );
    renderApp('/orders');
    const { dialog } = await openPayment();
    await dialog.findByRole('link', { name: /Open Payment Page/ });
    const value = (term: string) => dialog.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Order and unit')).toHaveTextContent('VH1042 · Unit 1');
    expect(value('Product')).toHaveTextContent('Cabin 40');
    expect(value('Order value')).toHaveTextContent('$40,000.00');
    expect(value('Deposit amount')).toHaveTextContent('$5,000.00');
    expect(value('Payment status')).toHaveTextContent('Pending');
    expect(dialog.getByText(/Once it is paid, the unit moves on to Site Preparation/)).toBeInTheDocument();
  });

  it('shows the server’s message inline when the link cannot be made, and retries', async () => {
    let attempts = 0;
    const calls = api(awaitingDeposit(), {
      'POST /api/order-items/11/payment': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 502, body: { message: 'The payment provider could not be reached.' } }
          : { body: LINK };
      },
    });
    renderApp('/orders');
    const { user, dialog } = await openPayment();
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to process payment');
    expect(alert).toHaveTextContent('The payment provider could not be reached.');
    expect(dialog.queryByRole('link', { name: /Open Payment Page/ })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await dialog.findByRole('link', { name: /Open Payment Page/ })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(linkRequests(calls)).toHaveLength(2);
  });

  it('falls back to the product’s text when the failure carries no message', async () => {
    api(awaitingDeposit(), { 'POST /api/order-items/11/payment': { status: 500 } });
    renderApp('/orders');
    const { dialog } = await openPayment();
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Failed to process paymentAn error occurred while processing payment',
    );
  });

  it('asks again on the next opening, since a link may expire in between', async () => {
    const calls = api(awaitingDeposit(), { 'POST /api/order-items/11/payment': { body: LINK } });
    renderApp('/orders');
    const { user, dialog } = await openPayment();
    await dialog.findByRole('link', { name: /Open Payment Page/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openPayment();
    await again.dialog.findByRole('link', { name: /Open Payment Page/ });
    expect(linkRequests(calls)).toHaveLength(2);
  });

  it.each([
    ['paid', 'Paid', 'paid', 'Deposit Paid'],
    ['success', 'Success', 'other', 'Deposit Paid'],
    ['processing', 'Awaiting Funds', 'awaiting', 'Complete payment (1 pending action)'],
  ])('asks no link for a deposit that is %s: shows %s', async (paymentStatus, label, tone, button) => {
    const calls = api(awaitingDeposit({ paymentStatus }));
    renderApp('/orders');
    const { dialog } = await openPayment(button);
    expect(dialog.getByText(label)).toHaveAttribute('data-tone', tone);
    expect(dialog.queryByRole('link', { name: /Open Payment Page/ })).not.toBeInTheDocument();
    expect(linkRequests(calls)).toHaveLength(0);
  });

  it('refreshes the orders when the payment pages announce news or the customer comes back', async () => {
    let paid = false;
    const calls = api(
      () =>
        paid
          ? orderWith({
              status: 'SITE_PREP',
              currentStageData: { paymentAmount: 500_000, paymentStatus: 'paid' },
            })
          : awaitingDeposit(),
      { 'POST /api/order-items/11/payment': { body: LINK } },
    );
    renderApp('/orders');
    const { dialog } = await openPayment();
    const link = await dialog.findByRole('link', { name: /Open Payment Page/ });
    // The browser opens the page in a new window; here only the click itself matters.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);

    const listReads = () => calls.filter((c) => c.url === '/api/orders').length;
    const before = listReads();
    paid = true;
    announcePaymentUpdate();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    // The dialog follows the unit: the deposit now reads paid and no link is offered.
    expect(await dialog.findByText('Paid')).toHaveAttribute('data-tone', 'paid');
    expect(dialog.queryByRole('link', { name: /Open Payment Page/ })).not.toBeInTheDocument();

    const afterBroadcast = listReads();
    fireEvent.focus(window);
    await waitFor(() => expect(listReads()).toBeGreaterThan(afterBroadcast));
  });
});

describe('a unit whose deposit is paid', () => {
  it('shows Deposit Paid on its card after it moved on to site preparation, with no payment task', async () => {
    api(
      orderWith({ status: 'SITE_PREP', currentStageData: { paymentStatus: 'paid', paymentAmount: 500_000 } }),
    );
    renderApp('/orders');
    const article = await screen.findByRole('article');
    const card = within(article);
    expect(article).toHaveAttribute('data-status', 'SITE_PREP');
    expect(card.getByText('Deposit Paid')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Complete payment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Complete payment/ })).not.toBeInTheDocument();
  });
});
