import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FinancingApplication, UnitFinancing } from '../../../shared/schemas/financing.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

const PROVIDERS = [{ name: 'Acme Lending', termMonths: [60, 120] }];

function paymentOrder(): OrderDto {
  return makeOrder({
    id: 1,
    orderId: 'VH1042',
    status: 'FINANCING_PAYMENT',
    items: [makeItem({ id: 11, orderId: 1, itemNumber: 1, status: 'FINANCING_PAYMENT' })],
  });
}

function api(financing: UnitFinancing, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/orders': { body: [paymentOrder()] },
    'GET /api/order-items/11/financing': { body: financing },
    ...extra,
  });
}

async function card() {
  return within(await screen.findByRole('article'));
}

describe('financing on a unit at the payment stage', () => {
  it('offers to apply beside paying the deposit when Settings offers financing', async () => {
    api({ offered: true, providers: PROVIDERS, application: null });
    renderApp('/orders');
    const unit = await card();
    expect(await unit.findByRole('button', { name: /^Apply for financing/ })).toBeVisible();
    expect(unit.getByRole('button', { name: /^Complete payment/ })).toBeVisible();
  });

  it('offers nothing when financing is not offered and there is no application', async () => {
    const calls = api({ offered: false, providers: [], application: null });
    renderApp('/orders');
    const unit = await card();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order-items/11/financing')).toBe(true));
    expect(unit.queryByRole('button', { name: /financing/ })).not.toBeInTheDocument();
  });

  it('shows a submitted application as Under review', async () => {
    api({
      offered: true,
      providers: PROVIDERS,
      application: {
        state: 'submitted',
        provider: 'Acme Lending',
        termMonths: 60,
        amount: 100,
        decidedAt: null,
      },
    });
    renderApp('/orders');
    expect(await (await card()).findByText('Financing: Under review')).toBeVisible();
  });

  it('checks the whole application before submitting, naming each missing field, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = api({ offered: true, providers: PROVIDERS, application: null });
    renderApp('/orders');
    await user.click(await (await card()).findByRole('button', { name: /^Apply for financing/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply for financing' }));
    await user.click(dialog.getByRole('button', { name: 'Submit application' }));
    expect(await dialog.findByText('Choose a provider.')).toBeVisible();
    expect(dialog.getByText('First name is required.')).toBeVisible();
    expect(dialog.getByText('Phone number must be 10 digits.')).toBeVisible();
    expect(dialog.getByText('Agree to share the application with the provider.')).toBeVisible();
    expect(dialog.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('withdraws a submitted application after asking, then offers to apply again', async () => {
    const user = userEvent.setup();
    const submitted: FinancingApplication = {
      id: 5,
      orderItemId: 11,
      orderId: 1,
      itemNumber: 1,
      state: 'submitted',
      provider: 'Acme Lending',
      termMonths: 60,
      amount: 100_000,
      applicant: { firstName: 'Rosa', lastName: 'Quintero', email: 'rosa.q@example.com' },
      documentIds: [],
      documents: [],
      consent: true,
      submittedAt: '2026-12-01T10:00:00.000Z',
      decidedAt: null,
      updatedAt: '2026-12-01T10:00:00.000Z',
    };
    // The server's side: the withdrawal changes what both reads answer afterwards.
    let application = submitted;
    const summary = () => {
      const { state, provider, termMonths, amount, decidedAt } = application;
      return {
        body: {
          offered: true,
          providers: PROVIDERS,
          application: { state, provider, termMonths, amount, decidedAt },
        },
      };
    };
    const calls = api(
      { offered: true, providers: PROVIDERS, application: null },
      {
        'GET /api/order-items/11/financing': summary,
        'GET /api/order-items/11/financing-application': () => ({ body: application }),
        'POST /api/order-items/11/financing-application/withdraw': () => {
          application = { ...submitted, state: 'withdrawn', decidedAt: '2026-12-02T10:00:00.000Z' };
          return { body: application };
        },
      },
    );
    renderApp('/orders');
    await user.click(await (await card()).findByRole('button', { name: /^View financing application/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply for financing' }));
    await user.click(await dialog.findByRole('button', { name: 'Withdraw application' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Withdraw this application? It will no longer be reviewed by Acme Lending.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog.getByRole('alert')).getByRole('button', { name: 'Withdraw application' }));
    expect(
      await dialog.findByText('You withdrew this application. You can pay the deposit or apply again.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/order-items/11/financing-application/withdraw',
    ]);
    expect(dialog.getByRole('button', { name: 'Apply again' })).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Withdraw application' })).not.toBeInTheDocument();
  });
});
