import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminApi, listUrl, makeActivity, makeRow } from '../../test/admin-orders';
import { makeItem, makeOrder } from '../../test/orders';
import { renderApp, toasts } from '../../test/utils';

const order = makeOrder({
  id: 5,
  orderId: 'ORD-880',
  productName: 'Cabin 400',
  quantity: 2,
  status: 'DOCUMENTS_SIGNING',
  amount: '6900000',
  paymentMethod: 'card',
  transactionId: 'pi_42',
  zipCode: '78701',
  items: [
    makeItem({ id: 51, orderId: 5, itemNumber: 1, status: 'DOCUMENTS_SIGNING' }),
    makeItem({ id: 52, orderId: 5, itemNumber: 2, status: 'FINANCING_PAYMENT' }),
  ],
});

const activity = [
  makeActivity({
    id: 3,
    type: 'INTERNAL_NOTE',
    internal: true,
    data: { text: 'Customer asked to call after 5pm' },
    actor: { kind: 'admin', label: 'admin@example.com' },
  }),
  makeActivity({
    id: 2,
    type: 'ORDER_ITEM_STATUS_UPDATED',
    orderItemId: 52,
    data: { itemNumber: 2, oldStatus: 'DOCUMENTS_SIGNING', status: 'FINANCING_PAYMENT' },
    actor: { kind: 'webhook', label: 'Zapier production key' },
  }),
  makeActivity({ id: 1, type: 'ORDER_CREATED', data: { quantity: 2 } }),
];

async function openDetails(extra: Parameters<typeof adminApi>[0] = {}) {
  const user = userEvent.setup();
  const recorded = adminApi({
    [`GET ${listUrl()}`]: {
      body: { items: [makeRow({ id: 5, orderId: 'ORD-880', customerEmail: null, quantity: 2 })], total: 1 },
    },
    'GET /api/orders/5': { body: order },
    'GET /api/admin/orders/5/activity': { body: activity },
    ...extra,
  });
  renderApp('/admin/orders');
  await user.click(await screen.findByRole('button', { name: 'Actions for order ORD-880' }));
  await user.click(await screen.findByRole('menuitem', { name: 'View Details' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Order details' }));
  await dialog.findByText('Cabin 400', { selector: 'dd' });
  return { user, dialog, recorded };
}

describe('order details dialog', () => {
  it("shows the order's fields and each unit with its stage", async () => {
    const { dialog } = await openDetails();
    // The business id as the customer sees it, never 'VH05' from the internal id 5.
    expect(dialog.getByText('ORD-880', { selector: 'dd' })).toBeInTheDocument();
    expect(dialog.queryByText(/VH0?5\b/)).not.toBeInTheDocument();
    expect(dialog.getByText('Guest')).toBeInTheDocument();
    expect(dialog.getByText('$69,000.00')).toBeInTheDocument();
    expect(dialog.getByText('Card', { selector: 'dd' })).toBeInTheDocument();
    expect(dialog.getByText('pi_42')).toBeInTheDocument();
    const units = within(dialog.getByRole('region', { name: 'Units' })).getAllByRole('listitem');
    expect(units.map((unit) => unit.textContent)).toEqual([
      expect.stringMatching(/^ORD-880 · Unit 1Document Signing/),
      expect.stringMatching(/^ORD-880 · Unit 2Payment Pending/),
    ]);
  });

  it('lists every event newest first: who, what and when, notes marked internal', async () => {
    const { dialog } = await openDetails();
    const feed = within(await dialog.findByRole('list', { name: 'Activity, newest first' }));
    const [note, change, created] = feed.getAllByRole('listitem') as HTMLElement[];
    expect(within(note as HTMLElement).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(note as HTMLElement).getByText('Admin')).toBeInTheDocument();
    expect(within(note as HTMLElement).getByText('Customer asked to call after 5pm')).toBeInTheDocument();
    expect(
      within(note as HTMLElement).getByText('Internal — not visible to the customer'),
    ).toBeInTheDocument();
    expect(within(change as HTMLElement).getByText('Zapier production key')).toBeInTheDocument();
    expect(within(change as HTMLElement).getByText('Webhook')).toBeInTheDocument();
    expect(
      within(change as HTMLElement).getByText('Unit 2: Document Signing → Payment Pending'),
    ).toBeInTheDocument();
    expect(within(change as HTMLElement).queryByText(/Internal/)).not.toBeInTheDocument();
    expect(within(created as HTMLElement).getByText('System')).toBeInTheDocument();
    const time = (created as HTMLElement).querySelector('time');
    expect(time).toHaveAttribute('datetime', '2025-06-02T15:30:00.000Z');
    expect(time?.textContent).toBe(
      new Date('2025-06-02T15:30:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
  });

  it('adds an internal note and shows the feed again', async () => {
    let feed = activity;
    const note = makeActivity({
      id: 4,
      type: 'INTERNAL_NOTE',
      internal: true,
      data: { text: 'Site visit booked' },
      actor: { kind: 'admin', label: 'admin@example.com' },
    });
    const { user, dialog, recorded } = await openDetails({
      'GET /api/admin/orders/5/activity': () => ({ body: feed }),
      'POST /api/admin/orders/5/notes': () => {
        feed = [note, ...activity];
        return { status: 201, body: note };
      },
    });
    const field = dialog.getByLabelText('Add internal note');
    expect(field).toHaveAccessibleDescription('Internal — not visible to the customer');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));
    expect(field).toHaveAccessibleDescription('Write a note first');

    await user.type(field, 'Site visit booked');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));
    expect(await toasts().findByText('Note added')).toBeInTheDocument();
    expect(recorded.filter((call) => call.method === 'POST')[0]?.body).toEqual({ text: 'Site visit booked' });
    expect(await dialog.findByText('Site visit booked', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it("shows the server's reason under the field when a note is refused", async () => {
    const { user, dialog } = await openDetails({
      'POST /api/admin/orders/5/notes': {
        status: 400,
        body: { message: 'Invalid input', fields: { text: 'A note has at most 2000 characters' } },
      },
    });
    const field = dialog.getByLabelText('Add internal note');
    await user.type(field, 'x');
    await user.click(dialog.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('A note has at most 2000 characters'));
  });
});
