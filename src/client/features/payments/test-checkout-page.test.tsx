import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TestCheckout } from '../../../shared/schemas/payments.js';
import { mockApi, renderApp } from '../../test/utils';

const SESSION = 'test_cs_1';
const PATH = `/api/payments/test-checkout/${SESSION}`;

function checkout(overrides: Partial<TestCheckout> = {}): TestCheckout {
  return {
    sessionId: SESSION,
    orderId: 'VH1042',
    productName: 'Cabin 400',
    itemNumber: 2,
    amount: 750_000,
    currency: 'usd',
    customerEmail: 'ann@example.com',
    status: 'open',
    paymentStatus: 'unpaid',
    cancelUrl: '/orders/1',
    ...overrides,
  };
}

function api(state: TestCheckout, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ [`GET ${PATH}`]: { body: state }, ...extra });
}

describe('the test checkout', () => {
  it('says it is test mode and shows the deposit it stands for', async () => {
    api(checkout());
    renderApp(`/payment/test-checkout/${SESSION}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay your deposit' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Test mode');
    expect(screen.getByRole('note')).toHaveTextContent('no real payment is taken');
    expect(screen.getByText('Cabin 400 · VH1042 · Unit 2')).toBeInTheDocument();
    expect(screen.getByText('$7,500.00')).toBeInTheDocument();
  });

  it('pays with a test card and goes on to the payment result', async () => {
    const user = userEvent.setup();
    const calls = api(checkout(), {
      [`POST ${PATH}`]: {
        body: {
          status: 'complete',
          paymentStatus: 'paid',
          redirectUrl: `/payment/success?session_id=${SESSION}`,
        },
      },
      [`GET /api/stripe/sessions/${SESSION}`]: {
        body: {
          payment_status: 'paid',
          payment_method_types: ['card'],
          amount_total: 750_000,
          currency: 'usd',
          metadata: { orderId: 'VH1042', itemId: '11' },
          customer_details: { email: 'ann@example.com' },
          unit: { itemNumber: 2, orderPath: '/orders/1' },
        },
      },
    });
    renderApp(`/payment/test-checkout/${SESSION}`);
    await user.click(await screen.findByRole('button', { name: 'Pay $7,500.00 with a test card' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: PATH, body: { outcome: 'card' } });
  });

  it('offers to settle or fail a bank payment that waits for its funds', async () => {
    const user = userEvent.setup();
    const calls = api(checkout({ status: 'complete', paymentStatus: 'processing' }), {
      [`POST ${PATH}`]: { status: 409, body: { message: 'This test payment is already finished' } },
    });
    renderApp(`/payment/test-checkout/${SESSION}`);
    expect(await screen.findByRole('button', { name: 'Bank payment fails' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /test card/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Funds arrive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This test payment is already finished');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'settle' });
  });

  it('shows a finished checkout without choices', async () => {
    api(checkout({ status: 'complete', paymentStatus: 'paid' }));
    renderApp(`/payment/test-checkout/${SESSION}`);
    expect(await screen.findByText('This checkout is finished.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the payment result' })).toHaveAttribute(
      'href',
      `/payment/success?session_id=${SESSION}`,
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says when there is no such test checkout', async () => {
    mockApi({ [`GET ${PATH}`]: { status: 404, body: { message: 'Test checkout not found' } } });
    renderApp(`/payment/test-checkout/${SESSION}`);
    expect(await screen.findByRole('heading', { name: 'Test checkout not found' })).toBeInTheDocument();
  });
});
