import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerRow, UserDetail } from '../../../shared/schemas/customers.js';
import { makeUser, mockApi, type RecordedCall, renderApp, sessionRoute, toasts } from '../../test/utils';

const ADMIN = makeUser({ id: 1, email: 'admin@example.com', role: 'ADMIN' });
const LIST = '/api/admin/customers?page=1&pageSize=10';

function customer(id: number, overrides: Partial<CustomerRow> = {}): CustomerRow {
  return {
    id,
    email: `customer${id}@example.com`,
    firstName: null,
    lastName: null,
    orders: 0,
    totalSpent: 0,
    orderValue: 0,
    ...overrides,
  };
}

const RITA: CustomerRow = customer(42, {
  email: 'rita@example.com',
  firstName: 'Rita',
  lastName: 'Rich',
  orders: 2,
  // A $5,000 deposit paid of orders worth $75,012.50.
  totalSpent: 500_000,
  orderValue: 7_501_250,
});

function detail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 42,
    email: 'rita@example.com',
    role: 'USER',
    firstName: 'Rita',
    lastName: 'Rich',
    lastActiveAt: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    accountStatus: 'ACTIVE',
    orders: [
      {
        id: 7,
        orderId: 'VH1042',
        productName: 'Studio 240',
        status: 'DOCUMENTS_SIGNING',
        orderDate: '2026-03-01T12:00:00.000Z',
        amount: '7500000',
        orderValue: 7_500_000,
        paid: 500_000,
      },
      {
        id: 8,
        orderId: 'ORD-9',
        productName: 'Cabin 400',
        status: 'FINANCING_PAYMENT',
        orderDate: '2026-02-01T12:00:00.000Z',
        amount: '1250',
        orderValue: 1250,
        paid: 0,
      },
    ],
    ...overrides,
  };
}

function customersApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(ADMIN),
    [`GET ${LIST}`]: { body: { items: [RITA, customer(43)], total: 2 } },
    'GET /api/admin/users/42': { body: detail() },
    ...routes,
  });
}

const callsTo = (calls: RecordedCall[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

/** The table row whose e-mail cell reads `email` (the cell's name has a break opportunity in it). */
function rowWith(table: HTMLElement, email: string): HTMLElement | undefined {
  return within(table)
    .queryAllByRole('row')
    .find((row) =>
      within(row)
        .queryAllByRole('cell')
        .some((cell) => cell.textContent === email),
    );
}

/** jsdom applies no CSS, so the phone list renders beside the table: act through the table. */
const viewButton = (table: HTMLElement, email: string) =>
  within(table).getByRole('button', { name: `View ${email}` });

async function openRita(user: ReturnType<typeof userEvent.setup>) {
  await user.click(viewButton(await screen.findByRole('table'), 'rita@example.com'));
  const dialog = await screen.findByRole('dialog', { name: 'User Management' });
  await within(dialog).findByText('VH1042');
  return within(dialog);
}

describe('Customers table', () => {
  it('shows ID, Email, Orders, Total Spent (what was paid) and Order Value in dollars from the server’s page', async () => {
    customersApi();
    renderApp('/admin/customers');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Email', 'Orders', 'Total Spent', 'Order Value', 'Actions']);
    const rita = rowWith(table, 'rita@example.com') as HTMLElement;
    expect(
      within(rita)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['42', 'rita@example.com', '2', '$5,000.00', '$75,012.50', 'View rita@example.com']);
    expect(screen.getByText('Showing 1 to 2 of 2 customers')).toBeInTheDocument();
  });

  it('lists the same customers for phones, each with its View button', async () => {
    customersApi();
    renderApp('/admin/customers');
    const list = await screen.findByRole('list', { name: 'Customers' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      'rita@example.comView rita@example.comID 42 · Orders 2 · Total Spent $5,000.00 · Order Value $75,012.50',
      'customer43@example.comView customer43@example.comID 43 · Orders 0 · Total Spent $0.00 · Order Value $0.00',
    ]);
  });

  it('says No customers found when the list is empty', async () => {
    customersApi({ [`GET ${LIST}`]: { body: { items: [], total: 0 } } });
    renderApp('/admin/customers');
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 customers')).toBeInTheDocument();
  });

  it('asks the server for the next page and for a search, which starts at page 1', async () => {
    const page1 = Array.from({ length: 10 }, (_, i) => customer(100 - i));
    const calls = customersApi({
      [`GET ${LIST}`]: { body: { items: page1, total: 12 } },
      'GET /api/admin/customers?page=2&pageSize=10': {
        body: { items: [customer(90), customer(89)], total: 12 },
      },
      'GET /api/admin/customers?page=1&pageSize=10&q=rita': { body: { items: [RITA], total: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    expect(await screen.findByText('Showing 1 to 10 of 12 customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 12 of 12 customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), ' rita ');
    expect(await screen.findByText('Showing 1 to 1 of 1 customer')).toBeInTheDocument();
    expect(rowWith(screen.getByRole('table'), 'rita@example.com')).toBeDefined();
    // One request for the settled text, not one per key.
    expect(calls.filter((c) => c.url.includes('q='))).toHaveLength(1);
  });

  it('opens already searched when the address names a search (an order page links its customer so)', async () => {
    const calls = customersApi({
      'GET /api/admin/customers?page=1&pageSize=10&q=rita%40example.com': {
        body: { items: [RITA], total: 1 },
      },
    });
    renderApp('/admin/customers?q=rita%40example.com');
    expect(await screen.findByText('Showing 1 to 1 of 1 customer')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('rita@example.com');
    expect(calls.filter((c) => c.url.startsWith('/api/admin/customers'))).toHaveLength(1);
  });
});

describe('User Management dialog', () => {
  it('shows the user’s info and orders: id, stage by its label, date, what is paid of the order value', async () => {
    customersApi();
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    expect(dialog.getByText('Rita Rich')).toBeInTheDocument();
    expect(dialog.getByText('USER')).toBeInTheDocument();
    const orders = dialog.getAllByRole('listitem');
    expect(orders).toHaveLength(2);
    expect(orders[0]).toHaveTextContent('VH1042');
    expect(orders[0]).toHaveTextContent('Document Signing');
    expect(orders[0]).not.toHaveTextContent(/DOCUMENTS/i);
    expect(orders[0]).toHaveTextContent('$5,000.00 paid');
    expect(orders[0]).toHaveTextContent('Order value $75,000.00');
    expect(orders[0]).toHaveTextContent(
      new Date('2026-03-01T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
    );
    expect(orders[1]).toHaveTextContent('Payment Pending');
    expect(orders[1]).toHaveTextContent('$0.00 paid');
    expect(orders[1]).toHaveTextContent('Order value $12.50');
  });

  it('says No orders found for this user. for a user without orders', async () => {
    customersApi({
      'GET /api/admin/users/43': { body: detail({ id: 43, email: 'customer43@example.com', orders: [] }) },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    await user.click(viewButton(await screen.findByRole('table'), 'customer43@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'User Management' }));
    expect(await dialog.findByText('No orders found for this user.')).toBeInTheDocument();
  });

  it('Reset Password asks first, then Send Reset Link mails the user', async () => {
    const calls = customersApi({
      'POST /api/admin/users/42/reset-password': {
        body: { message: 'A password reset code was sent to rita@example.com' },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Reset Password' }));
    expect(callsTo(calls, 'POST', '/api/admin/users/42/reset-password')).toHaveLength(0);
    const send = dialog.getByRole('button', { name: 'Send Reset Link' });
    expect(send).toHaveFocus();
    await user.click(send);
    expect(await toasts().findByText('Password reset initiated')).toBeInTheDocument();
    expect(toasts().getByText('A password reset code was sent to rita@example.com')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/users/42/reset-password')).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: 'Send Reset Link' })).not.toBeInTheDocument();
  });

  it('a failed reset toasts Failed to reset password with the server’s message, else a generic one', async () => {
    let reply = { status: 429, body: { message: 'Too many verification codes requested.' } as unknown };
    customersApi({ 'POST /api/admin/users/42/reset-password': () => reply });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Reset Password' }));
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    expect(await toasts().findByText('Failed to reset password')).toBeInTheDocument();
    expect(toasts().getByText('Too many verification codes requested.')).toBeInTheDocument();

    reply = { status: 500, body: undefined };
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    expect(await toasts().findByText('An error occurred')).toBeInTheDocument();
  });

  it('Change Email: Update Email is disabled while empty, then sends the address and toasts', async () => {
    const calls = customersApi({
      'PATCH /api/admin/users/42': (body) => ({ body: { ...detail(), ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Change Email' }));
    const input = dialog.getByLabelText('New email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveFocus();
    const update = dialog.getByRole('button', { name: 'Update Email' });
    expect(update).toBeDisabled();
    await user.type(input, '   ');
    expect(update).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'rita.new@example.com');
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await toasts().findByText('Email updated')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', '/api/admin/users/42')[0]?.body).toEqual({
      email: 'rita.new@example.com',
    });
    // The list and the dialog are read again.
    await waitFor(() => expect(callsTo(calls, 'GET', LIST).length).toBeGreaterThan(1));
  });

  it('a refused e-mail change toasts Failed to update email with the server’s message', async () => {
    customersApi({
      'PATCH /api/admin/users/42': {
        status: 409,
        body: { message: 'Another account already uses this email address' },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Change Email' }));
    await user.type(dialog.getByLabelText('New email'), 'taken@example.com');
    await user.click(dialog.getByRole('button', { name: 'Update Email' }));
    expect(await toasts().findByText('Failed to update email')).toBeInTheDocument();
    expect(toasts().getByText('Another account already uses this email address')).toBeInTheDocument();
  });

  it('Delete User needs Confirm Deletion; a user with orders gives Cannot delete user with the count', async () => {
    const calls = customersApi({
      'DELETE /api/admin/users/42': {
        status: 409,
        body: { message: 'refused', orders: 2 },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    expect(callsTo(calls, 'DELETE', '/api/admin/users/42')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Confirm Deletion' }));
    expect(await toasts().findByText('Cannot delete user')).toBeInTheDocument();
    expect(
      toasts().getByText(
        'This user has 2 associated orders and cannot be deleted. Please reassign or delete the orders first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'User Management' })).toBeInTheDocument();
  });

  it('a confirmed deletion toasts User deleted, closes the dialog and reloads the list', async () => {
    let deleted = false;
    const calls = customersApi({
      [`GET ${LIST}`]: () => ({
        body: deleted ? { items: [customer(43)], total: 1 } : { items: [RITA], total: 1 },
      }),
      'DELETE /api/admin/users/42': () => {
        deleted = true;
        return { body: { message: 'User deleted' } };
      },
      // As the server does: the deleted user is gone.
      'GET /api/admin/users/42': () =>
        deleted ? { status: 404, body: { message: 'User not found' } } : { body: detail() },
    });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Deletion' }));
    expect(await toasts().findByText('User deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowWith(screen.getByRole('table'), 'customer43@example.com')).toBeDefined());
    expect(rowWith(screen.getByRole('table'), 'rita@example.com')).toBeUndefined();
    expect(callsTo(calls, 'DELETE', '/api/admin/users/42')).toHaveLength(1);
  });

  it('another failed deletion toasts Failed to delete user', async () => {
    customersApi({ 'DELETE /api/admin/users/42': { status: 500 } });
    const user = userEvent.setup();
    renderApp('/admin/customers');
    const dialog = await openRita(user);
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Deletion' }));
    expect(await toasts().findByText('Failed to delete user')).toBeInTheDocument();
    expect(toasts().getByText('An error occurred')).toBeInTheDocument();
  });
});
