import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminApi, listUrl, makeActivity, makeRow } from '../../test/admin-orders';
import { makeItem, makeOrder } from '../../test/orders';
import { renderApp } from '../../test/utils';

const order = makeOrder({
  id: 5,
  orderId: 'VH880',
  productName: 'Cabin 400',
  quantity: 2,
  status: 'PRODUCTION',
  items: [
    makeItem({
      id: 51,
      orderId: 5,
      itemNumber: 1,
      status: 'PRODUCTION',
      estimate: { from: '2026-03-03', to: '2026-03-17', basis: 'history', historyUnits: 120 },
    }),
    makeItem({
      id: 52,
      orderId: 5,
      itemNumber: 2,
      status: 'DELIVERED',
      deliveryDate: '2026-02-01T12:00:00.000Z',
    }),
  ],
});
const row = makeRow({
  id: 5,
  orderId: 'VH880',
  customerEmail: 'ann+lee@example.com',
  customerName: 'Ann Lee',
  quantity: 2,
  status: 'PRODUCTION',
});
const activity = [
  makeActivity({
    id: 2,
    type: 'INTERNAL_NOTE',
    internal: true,
    data: { text: 'Call after 5pm' },
    actor: { kind: 'admin', label: 'admin@example.com' },
  }),
  makeActivity({ id: 1, type: 'ORDER_CREATED', data: { quantity: 2 } }),
];

function orderApi(overrides: Parameters<typeof adminApi>[0] = {}) {
  return adminApi({
    'GET /api/admin/orders/5': { body: row },
    'GET /api/orders/5': { body: order },
    'GET /api/admin/orders/5/activity': { body: activity },
    ...overrides,
  });
}

describe("an order's own page", () => {
  it('shows the header, each unit with its stage, delivery date and estimate, the activity and the customer', async () => {
    orderApi();
    renderApp('/admin/orders/5');
    expect(await screen.findByRole('heading', { level: 1, name: /Order VH880/ })).toHaveTextContent(
      'In Production',
    );
    for (const action of ['Change Status', 'Export', 'Delete']) {
      expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
    }
    const units = within(screen.getByRole('list', { name: 'Units' }));
    const [first, second] = units.getAllByRole('listitem');
    expect(first).toHaveTextContent('VH880 · Unit 1');
    expect(first).toHaveTextContent('Delivery day: not booked');
    expect(within(first as HTMLElement).getByTestId('delivery-estimate')).toHaveTextContent(
      'Estimated delivery',
    );
    expect(second).toHaveTextContent('Delivered');
    expect(second).toHaveTextContent(
      `Delivery booked for ${new Date('2026-02-01T12:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' })}`,
    );
    expect(units.getByRole('button', { name: 'Update Status of VH880 · Unit 2' })).toBeInTheDocument();
    // The order's delivery is derived from its units' own days and says so.
    expect(screen.getByText('Delivery days (units)')).toBeInTheDocument();
    expect(screen.getByText('Feb 1, 2026')).toBeInTheDocument();

    const feed = await screen.findByRole('list', { name: 'Activity, newest first' });
    expect(within(feed).getByText('Call after 5pm')).toBeInTheDocument();
    expect(screen.getByLabelText('Add internal note')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann+lee@example.com' })).toHaveAttribute(
      'href',
      '/admin/customers?q=ann%2Blee%40example.com',
    );
  });

  it('opens Update Status on the unit it names', async () => {
    const user = userEvent.setup();
    orderApi();
    renderApp('/admin/orders/5');
    await user.click(await screen.findByRole('button', { name: 'Update Status of VH880 · Unit 2' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('combobox', { name: 'Item' })).toHaveTextContent('VH880 · Unit 2');
  });

  it('says a guest order has no customer account', async () => {
    orderApi({ 'GET /api/admin/orders/5': { body: { ...row, customerEmail: null, customerName: null } } });
    renderApp('/admin/orders/5');
    expect(await screen.findByText('Guest — no customer account')).toBeInTheDocument();
  });

  it('deletes after confirming and goes back to the list', async () => {
    const user = userEvent.setup();
    const recorded = orderApi({
      'DELETE /api/admin/orders/5': { body: { message: 'Order deleted' } },
      [`GET ${listUrl()}`]: { body: { items: [], total: 0 } },
    });
    renderApp('/admin/orders/5');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete order VH880?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(recorded.some((call) => call.method === 'DELETE' && call.url === '/api/admin/orders/5')).toBe(
      true,
    );
  });

  it('says the order was not found for an unknown id or a malformed one', async () => {
    adminApi({
      'GET /api/admin/orders/99': { status: 404, body: { message: 'Order not found' } },
      'GET /api/orders/99': { status: 404, body: { message: 'Order not found' } },
    });
    const { unmount } = renderApp('/admin/orders/99');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/admin/orders');
    unmount();
    renderApp('/admin/orders/abc');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order not found' })).toBeInTheDocument());
  });
});
