import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentSessionSummary } from '../../../shared/schemas/payments.js';
import { changeLocale } from '../../i18n';
import { mockApi, renderApp } from '../../test/utils';
import { formatMinorUnits, paymentResult } from './session-display';

const CONFIG = {
  googleMapsApiKey: null,
  isDevelopment: true,
  companyName: 'Tiny Homes Co',
  brandColor: '#4f46e5',
  faqUrl: 'https://example.com/faq',
  storeUrl: 'https://example.com/store',
  membersAreaUrl: 'https://members.example.com/dashboard',
};

function summary(overrides: Partial<PaymentSessionSummary> = {}): PaymentSessionSummary {
  return {
    payment_status: 'paid',
    payment_method_types: ['card'],
    amount_total: 750_000,
    currency: 'usd',
    metadata: { orderId: 'VH1042', itemId: '9731' },
    customer_details: { email: 'ann@example.com' },
    unit: { itemNumber: 2, orderPath: '/orders/42' },
    ...overrides,
  };
}

function api(session: { status?: number; body?: unknown }, sessionId = 'cs_test_1') {
  return mockApi({
    'GET /api/config': { body: CONFIG },
    [`GET /api/stripe/sessions/${sessionId}`]: session,
  });
}

/** The details list of the result card. */
const details = () => within(screen.getByText('Order ID').closest('dl') as HTMLElement);

describe('the payment-success page', () => {
  let channel: BroadcastChannel | undefined;
  afterEach(() => channel?.close());

  it('shows a paid deposit: title, order and unit by name, amount, e-mail, status, and the way back to the order', async () => {
    const calls = api({ body: summary() });
    renderApp('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    const rows = details();
    expect(rows.getByText('Order ID').nextSibling).toHaveTextContent('VH1042');
    // The unit's name as every screen gives it; its internal id (9731) is never shown.
    expect(rows.getByText('Unit').nextSibling).toHaveTextContent(/^VH1042 · Unit 2$/);
    expect(screen.queryByText(/9731/)).not.toBeInTheDocument();
    expect(rows.getByText('Amount').nextSibling).toHaveTextContent('$7,500.00');
    expect(rows.getByText('Payment Method').nextSibling).toHaveTextContent('Card');
    expect(rows.getByText('Email').nextSibling).toHaveTextContent('ann@example.com');
    expect(rows.getByText('Paid')).toHaveAttribute('data-tone', 'paid');
    expect(screen.getByRole('link', { name: 'Back to order' })).toHaveAttribute('href', '/orders/42');
    expect(screen.queryByText('Return to Dashboard')).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/stripe/sessions/cs_test_1');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('tells the portal’s other tabs that a payment has news', async () => {
    channel = new BroadcastChannel('orderflow-payments');
    const received: unknown[] = [];
    channel.onmessage = (message) => received.push(message.data);
    api({ body: summary() });
    renderApp('/payment/success?session_id=cs_test_1');
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    await waitFor(() => expect(received).toEqual([{ type: 'payment_update' }]));
  });

  it('shows a bank payment still processing as Payment Processing, Awaiting Funds', async () => {
    api({ body: summary({ payment_status: 'processing', payment_method_types: ['us_bank_account'] }) });
    renderApp('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText('Awaiting Funds')).toHaveAttribute('data-tone', 'awaiting');
    expect(screen.getByText('Payment Method').nextSibling).toHaveTextContent('US bank account');
  });

  it('leaves out the e-mail row when the session has none', async () => {
    api({ body: summary({ customer_details: { email: null } }) });
    renderApp('/payment/success?session_id=cs_test_1');
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
  });

  it.each([
    ['No session ID provided', '/payment/success', { body: summary() }],
    [
      'Session information not found',
      '/payment/success?session_id=cs_test_1',
      { status: 404, body: { message: 'Session information not found' } },
    ],
    [
      'Failed to load payment details',
      '/payment/success?session_id=cs_test_1',
      { status: 500, body: { message: 'boom' } },
    ],
  ])('shows the Payment Error card saying %s', async (message, path, answer) => {
    const calls = api(answer);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't retrieve your payment details")).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    // No order is known here: the way back is Home (the members area of Settings → General).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
        'href',
        CONFIG.membersAreaUrl,
      ),
    );
    if (path === '/payment/success') expect(calls.some((c) => c.url.startsWith('/api/stripe'))).toBe(false);
  });

  it('speaks the customer’s language: French texts and the amount written the French way', async () => {
    await changeLocale('fr');
    api({ body: summary() });
    renderApp('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement réussi !' })).toBeInTheDocument();
    const rows = within(screen.getByText('N° de commande').closest('dl') as HTMLElement);
    expect(rows.getByText('Montant').nextSibling?.textContent).toMatch(/^7\s500,00\s\$US$/);
    expect(rows.getByText('Payé')).toHaveAttribute('data-tone', 'paid');
    expect(rows.getByText('Mode de paiement').nextSibling).toHaveTextContent('Carte');
    expect(rows.getByText('Unité').nextSibling).toHaveTextContent('VH1042 · Unité 2');
    expect(screen.getByRole('link', { name: 'Retour à la commande' })).toHaveAttribute('href', '/orders/42');
  });

  it('says in Spanish when the session cannot be found', async () => {
    await changeLocale('es');
    api({ status: 404, body: { message: 'Not found' } });
    renderApp('/payment/success?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error en el pago' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No encontramos la información de la sesión');
  });
});

describe('what a payment session shows', () => {
  it('names each status: paid, bank processing, other bank statuses, anything else raw', () => {
    const card = ['card'];
    const both = ['card', 'us_bank_account'];
    expect(paymentResult({ payment_status: 'paid', payment_method_types: both })).toEqual({
      kind: 'paid',
      status: 'paid',
      tone: 'paid',
    });
    expect(
      paymentResult({ payment_status: 'processing', payment_method_types: ['us_bank_account'] }),
    ).toEqual({ kind: 'processing', status: 'awaitingFunds', tone: 'awaiting' });
    expect(paymentResult({ payment_status: 'failed', payment_method_types: both })).toEqual({
      kind: 'bank',
      status: 'failed',
      tone: 'other',
    });
    expect(paymentResult({ payment_status: 'unpaid', payment_method_types: card })).toEqual({
      kind: 'received',
      status: 'unpaid',
      tone: 'other',
    });
  });

  it('formats minor units in the session’s currency', () => {
    expect(formatMinorUnits(750_000, 'usd')).toBe('$7,500.00');
    expect(formatMinorUnits(1234, 'eur')).toBe('€12.34');
    expect(formatMinorUnits(1234, 'zzz')).toMatch(/12\.34/);
  });
});
