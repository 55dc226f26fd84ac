import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { makeOrder } from '../../test/orders';
import { publicConfig } from '../../test/public-config';
import { makeUser, mockApi, type RecordedCall, renderApp, sessionRoute, toasts } from '../../test/utils';

/** The customer's order as the account tests use it: shipping details, no units. */
function accountOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return makeOrder({
    orderId: 'VH1001',
    productName: 'Tiny House Classic',
    orderDate: '2025-05-01T12:00:00.000Z',
    status: 'DOCUMENTS_SIGNING',
    shippingAddress: { street: '12 Oak St', city: 'Austin', state: 'TX', zipCode: '78701' },
    zipCode: '78701',
    phoneNumber: '5125550123',
    items: [],
    ...overrides,
  });
}

function callsTo(calls: RecordedCall[], method: string, url: string) {
  return calls.filter((c) => c.method === method && c.url === url);
}

/** The session and the order list (newest first), plus the routes a test adds or replaces. */
function accountApi(
  routes: Parameters<typeof mockApi>[0] = {},
  { user = makeUser(), orders = [accountOrder()] }: { user?: SessionUser; orders?: OrderDto[] } = {},
) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(user),
    'GET /api/orders': { body: orders },
    ...routes,
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: button }));
}

describe('My Account: profile card', () => {
  it('shows initials, name, e-mail and the customer-since text', async () => {
    accountApi();
    renderApp('/account');
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('Customer since recently')).toBeInTheDocument();
  });

  it('falls back to the e-mail for the initials and the name when there is no name', async () => {
    accountApi({}, { user: makeUser({ email: 'zed.q@example.com', firstName: null, lastName: null }) });
    renderApp('/account');
    expect(await screen.findByText('zed.q')).toBeInTheDocument();
    expect(screen.getByText('ZE')).toBeInTheDocument();
  });
});

describe('My Account: Edit Profile', () => {
  it('sends only the names and phone, toasts and shows the new name', async () => {
    const calls = accountApi({
      'PATCH /api/user/profile': (body) => ({ body: { ...makeUser(), ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Edit Profile');
    expect(dialog.getByLabelText('Email')).toBeDisabled();
    expect(dialog.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(dialog.getByLabelText('Phone')).toHaveValue('5551234567');
    await user.clear(dialog.getByLabelText('First Name'));
    await user.type(dialog.getByLabelText('First Name'), 'Annie');
    const sessionChecksBefore = callsTo(calls, 'GET', '/api/auth/session').length;
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', '/api/user/profile').map((c) => c.body)).toEqual([
      { firstName: 'Annie', lastName: 'Lee', phoneNumber: '5551234567' },
    ]);
    // The session was checked before the save.
    expect(callsTo(calls, 'GET', '/api/auth/session').length).toBe(sessionChecksBefore + 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Annie Lee')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('tells the customer the session expired and does not save', async () => {
    let sessionChecks = 0;
    const calls = accountApi({
      'GET /api/auth/session': () => {
        sessionChecks += 1;
        return sessionRoute(sessionChecks === 1 ? makeUser() : null);
      },
    });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Edit Profile');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Update failed')).toBeInTheDocument();
    expect(
      toasts().getByText('Your session has expired. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', '/api/user/profile')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('treats a 500 as success (a kept quirk) and re-reads the session', async () => {
    let sessionChecks = 0;
    const calls = accountApi({
      'GET /api/auth/session': () => {
        sessionChecks += 1;
        return sessionRoute(makeUser(sessionChecks > 2 ? { firstName: 'Annie' } : {}));
      },
      'PATCH /api/user/profile': { status: 500, body: { message: 'Internal Server Error' } },
    });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Edit Profile');
    await user.clear(dialog.getByLabelText('First Name'));
    await user.type(dialog.getByLabelText('First Name'), 'Annie');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', '/api/user/profile')).toHaveLength(1);
    expect(await screen.findByText('Annie Lee')).toBeInTheDocument();
  });

  it.each([
    [{ status: 400, body: { message: 'First name is too long' } }, 'First name is too long'],
    [{ status: 403 }, 'Failed to update profile'],
  ])('toasts "Update failed" with the message for other errors (%o)', async (reply, message) => {
    accountApi({ 'PATCH /api/user/profile': reply });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Edit Profile');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Update failed')).toBeInTheDocument();
    expect(toasts().getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe('My Account: Account Details', () => {
  function detailsCard() {
    return within(screen.getByRole('region', { name: 'Account Details' }));
  }

  it("shows the latest order's address object, formatted phone and date", async () => {
    accountApi(
      {},
      {
        orders: [
          accountOrder(),
          accountOrder({ id: 2, orderDate: '2024-01-01T12:00:00.000Z', phoneNumber: '9999999999' }),
        ],
      },
    );
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Account Details' });
    const card = detailsCard();
    expect(card.getByText('12 Oak St')).toBeInTheDocument();
    expect(card.getByText('Austin, TX 78701')).toBeInTheDocument();
    expect(card.getByText('(512) 555-0123')).toBeInTheDocument();
    expect(card.getByText('May 1, 2025')).toBeInTheDocument();
  });

  it('shows a plain-text address as given', async () => {
    accountApi({}, { orders: [accountOrder({ shippingAddress: '1 Main St, Springfield, IL 62701' })] });
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Account Details' });
    expect(detailsCard().getByText('1 Main St, Springfield, IL 62701')).toBeInTheDocument();
  });

  it('with no order offers the configured store in a new tab and no update dialog', async () => {
    accountApi(
      { 'GET /api/config': publicConfig({ storeUrl: 'https://shop.acme.example/' }) },
      { orders: [] },
    );
    renderApp('/account');
    expect(await screen.findByText('No order information available yet.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /^Place Your First Order/ });
    await waitFor(() => expect(link).toHaveAttribute('href', 'https://shop.acme.example/'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Update Information' })).not.toBeInTheDocument();
  });

  it('with no order and no store address set, offers no Place Your First Order button', async () => {
    accountApi({ 'GET /api/config': publicConfig() }, { orders: [] });
    renderApp('/account');
    expect(await screen.findByText('No order information available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Place Your First Order/ })).not.toBeInTheDocument();
  });

  it('saves the shipping details, toasts, and re-reads the orders every second for 2 s', async () => {
    const calls = accountApi({
      'PATCH /api/user/shipping-address': (body) => {
        const { address, city, state, zipCode } = body as Record<string, string>;
        return { body: accountOrder({ shippingAddress: { street: address, city, state, zipCode } }) };
      },
    });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Update Information');
    expect(dialog.getByLabelText('Address')).toHaveValue('12 Oak St');
    expect(dialog.getByLabelText('ZIP Code')).toHaveValue('78701');
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), '99 Elm Ave');
    await user.clear(dialog.getByLabelText('City'));
    await user.type(dialog.getByLabelText('City'), 'Dallas');
    await user.clear(dialog.getByLabelText('ZIP Code'));
    await user.type(dialog.getByLabelText('ZIP Code'), '75201');

    // Only the polling uses setInterval; Testing Library and React Query keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Success')).toBeInTheDocument();
    expect(toasts().getByText('Your shipping information has been updated')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', '/api/user/shipping-address').map((c) => c.body)).toEqual([
      { address: '99 Elm Ave', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '5125550123' },
    ]);
    expect(detailsCard().getByText('99 Elm Ave')).toBeInTheDocument();

    const listReads = () => callsTo(calls, 'GET', '/api/orders').length;
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    const before = listReads();
    await vi.advanceTimersByTimeAsync(999);
    await flush();
    expect(listReads()).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(listReads()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(listReads()).toBe(before + 2);
    await vi.advanceTimersByTimeAsync(5000);
    await flush();
    expect(listReads()).toBe(before + 2);
  });

  it("suggests the profile's phone when the order has none", async () => {
    accountApi({}, { orders: [accountOrder({ phoneNumber: null, shippingAddress: 'Box 4, Marfa' })] });
    const user = userEvent.setup();
    renderApp('/account');

    expect(await screen.findByText('Not provided')).toBeInTheDocument();
    const dialog = await openDialog(user, 'Update Information');
    expect(dialog.getByLabelText('Address')).toHaveValue('Box 4, Marfa');
    expect(dialog.getByLabelText('Phone')).toHaveValue('5551234567');
  });

  it('toasts an error when the shipping update fails and keeps the dialog', async () => {
    accountApi({ 'PATCH /api/user/shipping-address': { status: 404, body: { message: 'No order' } } });
    const user = userEvent.setup();
    renderApp('/account');

    const dialog = await openDialog(user, 'Update Information');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Error')).toBeInTheDocument();
    expect(toasts().getByText('Failed to update shipping information')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Information' })).toBeInTheDocument();
  });
});

describe('My Account: Recent Activity', () => {
  it('lists the three newest of five orders with the stage as the customer timeline names it', async () => {
    const stages = [
      'DOCUMENTS_SIGNING',
      'ORDER_PLACED',
      'FINANCING_PAYMENT',
      'DELIVERED',
      'SITE_PREP',
    ] as const;
    accountApi(
      {},
      {
        orders: stages.map((status, i) =>
          accountOrder({ id: i + 1, orderId: `VH10${i + 1}`, productName: `Model ${i + 1}`, status }),
        ),
      },
    );
    renderApp('/account');

    const card = within(await screen.findByRole('region', { name: 'Recent Activity' }));
    const rows = card.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Order VH101');
    expect(rows[0]).toHaveTextContent('Model 1');
    expect(rows[0]).toHaveTextContent('Document Signing');
    expect(rows[1]).toHaveTextContent('Order Placed');
    expect(rows[2]).toHaveTextContent('Payment');
    expect(rows[2]).not.toHaveTextContent('Financing');
    expect(card.queryByText('Model 4')).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View All Activity' })).toHaveAttribute('href', '/orders');
  });

  it('says there is no activity when there are no orders', async () => {
    accountApi({}, { orders: [] });
    renderApp('/account');
    expect(await screen.findByText('No activity to display yet.')).toBeInTheDocument();
  });
});
