import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAGE_LABELS, STAGES } from '../../../shared/stages.js';
import { adminApi, listUrl, makeRow } from '../../test/admin-orders';
import type { RecordedCall } from '../../test/utils';
import { renderApp, toasts } from '../../test/utils';

const NOW = new Date('2025-06-10T12:00:00Z');

const studio = makeRow({
  id: 1,
  orderId: 'VH1042',
  customerEmail: 'ann@example.com',
  customerName: 'Ann Lee',
  productName: 'Studio 240',
  quantity: 2,
  status: 'DOCUMENTS_SIGNING',
  amount: '7500000',
  paymentMethod: 'card',
  transactionId: 'pi_123',
});
const guestCabin = makeRow({
  id: 2,
  orderId: 'ORD-77',
  userId: null,
  customerEmail: null,
  productName: 'Garden Cabin',
  status: 'DELIVERED',
});

function page(items = [studio, guestCabin], total = items.length) {
  return { body: { items, total } };
}

/** The links the page follows to save a file (the test records them instead of navigating). */
function followedLinks() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(`${this.getAttribute('href')} download=${this.hasAttribute('download')}`);
  });
  return hrefs;
}

function calls(recorded: RecordedCall[], method: string, prefix: string) {
  return recorded.filter((call) => call.method === method && call.url.startsWith(prefix));
}

async function openOrders(path = '/admin/orders') {
  renderApp(path);
  // The first render loads the lazy admin chunks.
  return screen.findByRole('table');
}

function rowOf(label: string) {
  const cell = screen.getByRole('link', { name: label });
  return cell.closest('tr') as HTMLElement;
}

async function rowAction(user: ReturnType<typeof userEvent.setup>, label: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Actions for order ${label}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('admin orders page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each order with its shown id, customer or Guest, payment and stage, 10 a page', async () => {
    const recorded = adminApi({ [`GET ${listUrl()}`]: page() });
    const table = await openOrders();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(', sort', '').trim());
    expect(headers).toEqual(['', 'Order ID', 'Customer', 'Product', 'Date', 'Payment', 'Stage', 'Actions']);

    const first = within(rowOf('VH1042'));
    // Name first, then the e-mail, on one line; the whole text in the title.
    const customer = first.getByTitle('Ann Lee · ann@example.com');
    expect(customer).toHaveTextContent(/^Ann Leeann@example\.com$/);
    // A transaction id and no payment on the units: paid as a whole, in the method's words.
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(first.getByText('$75,000.00 · Card')).toBeInTheDocument();
    expect(first.getByText('Document Signing').closest('[data-stage-group]')).toHaveAttribute(
      'data-stage-group',
      'customer',
    );
    expect(
      first.getByText(
        new Date('2025-06-01T10:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
      ),
    ).toBeInTheDocument();

    // The shown id opens the order's own page, by its internal id.
    expect(screen.getByRole('link', { name: 'VH1042' }).getAttribute('href')).toMatch(
      /^\/admin\/orders\/\d+$/,
    );
    // Not a 'VH' id: shown as it is, the name the customer sees too; never the internal id.
    const second = within(rowOf('ORD-77'));
    expect(second.queryByText(/VH0?2\b/)).not.toBeInTheDocument();
    expect(second.getByText('Guest')).toBeInTheDocument();
    expect(second.getByText('No payment recorded')).toBeInTheDocument();
    expect(second.getByText('Delivered').closest('[data-stage-group]')).toHaveAttribute(
      'data-stage-group',
      'delivered',
    );

    expect(screen.getByText(/Showing 1 to 2 of 2 orders/)).toBeInTheDocument();
    expect(calls(recorded, 'GET', '/api/admin/orders')[0]?.url).toBe(
      '/api/admin/orders?page=1&pageSize=10&sort=orderDate%3Adesc',
    );
  });

  it('says why the list did not load and tries again on request', async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body: unknown } = {
      status: 500,
      body: { message: 'Database unavailable' },
    };
    adminApi({ [`GET ${listUrl()}`]: () => answer });
    renderApp('/admin/orders');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer = page();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('VH1042')).toBeInTheDocument();
  });

  it('pages on the server and keeps the page in the address', async () => {
    const user = userEvent.setup();
    const tenth = Array.from({ length: 10 }, (_, i) => makeRow({ id: 100 + i, orderId: `VH9${i}` }));
    adminApi({
      [`GET ${listUrl()}`]: page(tenth, 12),
      [`GET ${listUrl({ page: 2 })}`]: page([makeRow({ id: 200, orderId: 'VH-LAST' })], 12),
    });
    await openOrders();
    expect(screen.getByText(/Showing 1 to 10 of 12 orders/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Showing 11 to 12 of 12 orders/)).toBeInTheDocument();
    expect(await screen.findByText('VH-LAST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('offers 10, 25, 50 or 100 rows a page and asks the server for that many, from the first page', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 10 }, (_, i) => makeRow({ id: 100 + i, orderId: `VH9${i}` }));
    const recorded = adminApi({
      [`GET ${listUrl()}`]: page(rows, 100_010),
      [`GET ${listUrl({ page: 2 })}`]: page(rows, 100_010),
      [`GET ${listUrl({ pageSize: 50 })}`]: page(rows, 100_010),
      'PATCH /api/admin/preferences': (body) => ({ body }),
    });
    await openOrders('/admin/orders?page=2');
    expect(screen.getByText('Showing 11 to 20 of 100,010 orders')).toBeInTheDocument();
    expect(screen.getByText('100,010 orders')).toBeInTheDocument();
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    expect(size).toHaveValue('10');

    // A new page size starts again from the first page.
    await user.selectOptions(size, '50');
    expect(await screen.findByText('Showing 1 to 50 of 100,010 orders')).toBeInTheDocument();
    expect(calls(recorded, 'GET', '/api/admin/orders').at(-1)?.url).toBe(listUrl({ pageSize: 50 }));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    // 100,010 orders at 50 a page: the last of 2,001 pages is offered.
    expect(screen.getByRole('button', { name: 'Page 2,001' })).toBeInTheDocument();
    // The choice is the staff member's own, kept on the server rather than in the address.
    expect(calls(recorded, 'PATCH', '/api/admin/preferences').map((call) => call.body)).toEqual([
      { ordersPageSize: 50 },
    ]);
    expect(window.location.search).not.toContain('pageSize');
  });

  it('opens at the staff member’s own rows per page, asking the server once', async () => {
    const recorded = adminApi({
      'GET /api/admin/preferences': { body: { ordersPageSize: 50 } },
      [`GET ${listUrl({ pageSize: 50 })}`]: page(),
    });
    await openOrders();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    expect(calls(recorded, 'GET', '/api/admin/orders').map((call) => call.url)).toEqual([
      listUrl({ pageSize: 50 }),
    ]);
  });

  it('opens on the page size the address names, and ignores one not offered', async () => {
    const recorded = adminApi({
      [`GET ${listUrl({ pageSize: 25 })}`]: page(),
      [`GET ${listUrl()}`]: page(),
    });
    await openOrders('/admin/orders?pageSize=25');
    expect(calls(recorded, 'GET', '/api/admin/orders')[0]?.url).toBe(listUrl({ pageSize: 25 }));
  });

  it('jumps to a numbered page, the last page or a page typed in', async () => {
    const user = userEvent.setup();
    const rows = [makeRow({ id: 100, orderId: 'VH900' })];
    const recorded = adminApi({
      [`GET ${listUrl({ pageSize: 25 })}`]: page(rows, 1000),
      [`GET ${listUrl({ pageSize: 25, page: 5 })}`]: page(rows, 1000),
      [`GET ${listUrl({ pageSize: 25, page: 17 })}`]: page(rows, 1000),
      [`GET ${listUrl({ pageSize: 25, page: 40 })}`]: page(rows, 1000),
    });
    await openOrders('/admin/orders?pageSize=25');
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    const numbers = () =>
      pager
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent + (button.getAttribute('aria-current') ? '*' : ''));
    expect(numbers()).toEqual(['1*', '2', '3', '4', '5', '40']);
    expect(pager.getByRole('button', { name: 'First page' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '4', '5*', '6', '40']));

    await user.type(pager.getByRole('spinbutton', { name: 'Go to page' }), '17');
    await user.click(pager.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '16', '17*', '18', '40']));
    expect(screen.getByText('Showing 401 to 425 of 1,000 orders')).toBeInTheDocument();

    // A page past the end goes to the last one.
    await user.type(pager.getByRole('spinbutton', { name: 'Go to page' }), '999{Enter}');
    await waitFor(() => expect(numbers()).toEqual(['1', '36', '37', '38', '39', '40*']));
    expect(pager.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(calls(recorded, 'GET', '/api/admin/orders').map((call) => call.url)).toEqual([
      listUrl({ pageSize: 25 }),
      listUrl({ pageSize: 25, page: 5 }),
      listUrl({ pageSize: 25, page: 17 }),
      listUrl({ pageSize: 25, page: 40 }),
    ]);
  });

  it('shows cards on a phone, each with its customer, stage, date, amount, checkbox and actions', async () => {
    const user = userEvent.setup();
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 639.98px'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        [`GET ${listUrl({ sort: 'orderDate:asc' })}`]: page([guestCabin, studio]),
      });
      renderApp('/admin/orders');
      const cards = within(await screen.findByRole('list', { name: 'Orders' }));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const first = within(cards.getByRole('listitem', { name: 'Order VH1042' }));
      expect(first.getByTitle('Ann Lee · ann@example.com')).toBeInTheDocument();
      expect(first.getByText('Studio 240')).toBeInTheDocument();
      expect(first.getByText('Document Signing')).toBeInTheDocument();
      expect(first.getByText('Paid')).toBeInTheDocument();
      expect(
        first.getByText(
          new Date('2025-06-01T10:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
          { exact: false },
        ),
      ).toBeInTheDocument();
      expect(
        within(cards.getByRole('listitem', { name: 'Order ORD-77' })).getByText('Guest'),
      ).toBeInTheDocument();
      await user.click(first.getByRole('checkbox', { name: 'Select order VH1042' }));
      expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 selected');
      await user.click(first.getByRole('button', { name: 'Actions for order VH1042' }));
      expect(await screen.findByRole('menuitem', { name: 'Change Status' })).toBeInTheDocument();
      await user.keyboard('{Escape}');

      // No column headers on a phone: the sorts are one choice.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest first');
      await waitFor(() =>
        expect(calls(recorded, 'GET', '/api/admin/orders').at(-1)?.url).toBe(
          listUrl({ sort: 'orderDate:asc' }),
        ),
      );
    } finally {
      phone.mockRestore();
    }
  });

  it('opens on the page, search and filters the address names', async () => {
    const recorded = adminApi({
      // The alias in the address is asked for as the stage it means.
      [`GET ${listUrl({ page: 3, sort: 'status:asc', q: 'cabin', status: 'FINANCING_PAYMENT', payment: 'paid' })}`]:
        page([guestCabin], 21),
    });
    await openOrders(
      '/admin/orders?page=3&q=cabin&status=PAYMENT_PENDING&payment=paid&sort=status:asc&bogus=1',
    );
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('cabin');
    expect(screen.getByText(/Showing 21 to 21 of 21 orders/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filter.*2 filters set/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Stage/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(calls(recorded, 'GET', '/api/admin/orders')).toHaveLength(1);
  });

  it('reads several stages from the address, comma-separated or repeated', async () => {
    const recorded = adminApi({
      [`GET ${listUrl({ status: 'PRODUCTION,DELIVERED' })}`]: page([guestCabin]),
    });
    await openOrders('/admin/orders?status=PRODUCTION&status=DELIVERED');
    expect(screen.getByRole('button', { name: /Filter.*1 filter set/ })).toBeInTheDocument();
    expect(calls(recorded, 'GET', '/api/admin/orders')).toHaveLength(1);
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const user = userEvent.setup();
    const recorded = adminApi({
      [`GET ${listUrl()}`]: page(),
      [`GET ${listUrl({ q: 'garden' })}`]: page([guestCabin]),
    });
    await openOrders();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'garden');
    await waitFor(() => expect(screen.queryByText('VH1042')).not.toBeInTheDocument());
    expect(screen.getByText(/Showing 1 to 1 of 1 order\b/)).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(calls(recorded, 'GET', '/api/admin/orders').map((call) => call.url)).toEqual([
      listUrl(),
      listUrl({ q: 'garden' }),
    ]);
  });

  it('filters by status, dates, payment, registration and product through the Filter dialog', async () => {
    const user = userEvent.setup();
    const filtered = listUrl({
      status: 'PRODUCTION,DELIVERY_DATE_CONFIRMED',
      dateFrom: '2025-05-01',
      dateTo: '2025-05-31',
      payment: 'unpaid',
      registration: 'guest',
      product: 'Cabin',
    });
    const recorded = adminApi({ [`GET ${listUrl()}`]: page(), [`GET ${filtered}`]: page([guestCabin]) });
    await openOrders();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filter orders' }));

    const statuses = within(dialog.getByRole('group', { name: 'Status' }));
    const boxes = statuses.getAllByRole('checkbox');
    // Each stage once, in stage order, by its label alone.
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(
      STAGES.map((stage) => STAGE_LABELS[stage]),
    );
    // Several stages at once: the list shows orders at any of them.
    await user.click(statuses.getByRole('checkbox', { name: 'Delivery Scheduled' }));
    await user.click(statuses.getByRole('checkbox', { name: 'In Production' }));
    expect(dialog.getByText('Any of 2 ticked.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Date from'), '2025-05-01');
    await user.type(dialog.getByLabelText('Date to'), '2025-05-31');
    expect(dialog.getByText('Orders placed on this day are included.')).toBeInTheDocument();
    await chooseOption(user, 'Payment', 'Unpaid');
    await chooseOption(user, 'Registration', 'Guest');
    await user.type(dialog.getByLabelText('Product name'), '  Cabin ');
    await user.click(dialog.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(screen.queryByText('VH1042')).not.toBeInTheDocument());
    expect(calls(recorded, 'GET', '/api/admin/orders').at(-1)?.url).toBe(filtered);
    // Each filter named on its own chip, which removes it.
    const chips = screen.getByRole('region', { name: 'Filters' });
    expect(chips).toHaveTextContent('Stage: In Production, Delivery Scheduled');
    expect(chips).toHaveTextContent('Payment: Unpaid');
    expect(chips).toHaveTextContent('Registration: Guest');
    expect(chips).toHaveTextContent('Product: “Cabin”');
    for (const name of ['stage', 'date', 'payment', 'registration', 'product'])
      expect(within(chips).getByRole('button', { name: `Remove the ${name} filter` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('VH1042')).toBeInTheDocument();
  });

  it("refuses a 'to' date before the 'from' date", async () => {
    const user = userEvent.setup();
    const recorded = adminApi({ [`GET ${listUrl()}`]: page() });
    await openOrders();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filter orders' }));
    await user.type(dialog.getByLabelText('Date from'), '2025-05-10');
    await user.type(dialog.getByLabelText('Date to'), '2025-05-01');
    await user.click(dialog.getByRole('button', { name: 'Apply filters' }));
    expect(dialog.getByLabelText('Date to')).toHaveAccessibleDescription(
      "The 'to' date is before the 'from' date",
    );
    expect(screen.getByRole('dialog', { name: 'Filter orders' })).toBeInTheDocument();
    expect(calls(recorded, 'GET', '/api/admin/orders')).toHaveLength(1);
  });

  it('sorts on the server from the column headers', async () => {
    const user = userEvent.setup();
    adminApi({
      [`GET ${listUrl()}`]: page(),
      [`GET ${listUrl({ sort: 'orderId:asc' })}`]: page([guestCabin, studio]),
      [`GET ${listUrl({ sort: 'orderId:desc' })}`]: page([studio, guestCabin]),
    });
    await openOrders();
    await user.click(screen.getByRole('button', { name: /^Order ID/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Order ID/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Order ID/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Order ID/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
  });

  describe('Change Status', () => {
    it('sets every unit of the order and says Order status updated', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'PATCH /api/admin/orders/1/status': { body: { updatedItems: 2, updatedOrders: 1 } },
      });
      await openOrders();
      await rowAction(user, 'VH1042', 'Change Status');
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      expect(dialog.getByRole('combobox', { name: 'New status' })).toHaveTextContent('Document Signing');
      await user.click(dialog.getByRole('combobox', { name: 'New status' }));
      const stages = screen.getAllByRole('option').map((option) => option.textContent);
      expect(stages).toEqual([
        'Order Placed',
        'Location Enabled',
        'Document Signing',
        'Payment Pending',
        'Site Preparation',
        'In Production',
        'Delivery Scheduled',
        'Final Documentation',
        'Delivered',
      ]);
      await user.click(screen.getByRole('option', { name: 'In Production' }));
      expect(dialog.getByRole('radio', { name: 'All items (2)' })).toBeChecked();
      await user.click(dialog.getByRole('button', { name: 'Update Status' }));

      expect(await toasts().findByText('Order status updated')).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/admin/orders/1/status')[0]?.body).toEqual({
        status: 'PRODUCTION',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The list is asked for again after the change.
      await waitFor(() => expect(calls(recorded, 'GET', '/api/admin/orders')).toHaveLength(2));
    });

    it('asks for an item when Individual is chosen without one, and sends nothing', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({ [`GET ${listUrl()}`]: page() });
      await openOrders();
      await rowAction(user, 'VH1042', 'Change Status');
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      await user.click(dialog.getByRole('radio', { name: 'Individual item' }));
      await user.click(dialog.getByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('Update failed')).toBeInTheDocument();
      expect(
        toasts().getByText('Please select an item to update or choose to update all items'),
      ).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/')).toHaveLength(0);
    });

    it('sets one unit by its number and says Item status updated', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'PATCH /api/admin/orders/1/status': { body: { updatedItems: 1, updatedOrders: 1 } },
      });
      await openOrders();
      await rowAction(user, 'VH1042', 'Change Status');
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      await chooseOption(user, 'New status', 'Payment Pending');
      await user.click(dialog.getByRole('radio', { name: 'Individual item' }));
      await chooseOption(user, 'Item', 'VH1042 · Unit 2');
      await user.click(dialog.getByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('Item status updated')).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/admin/orders/1/status')[0]?.body).toEqual({
        status: 'FINANCING_PAYMENT',
        itemNumber: 2,
      });
    });

    it('offers no item choice for a single-unit order', async () => {
      const user = userEvent.setup();
      adminApi({ [`GET ${listUrl()}`]: page() });
      await openOrders();
      await rowAction(user, 'ORD-77', 'Change Status');
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      expect(dialog.getByText('ORD-77 · Garden Cabin')).toBeInTheDocument();
      expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    });

    it("shows the server's message, or 'An error occurred', when the change fails", async () => {
      const user = userEvent.setup();
      let answer = { status: 400, body: { message: 'Status is not a stage' } as unknown };
      adminApi({
        [`GET ${listUrl()}`]: page(),
        'PATCH /api/admin/orders/2/status': () => answer,
      });
      await openOrders();
      await rowAction(user, 'ORD-77', 'Change Status');
      await user.click(await screen.findByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('Error updating status')).toBeInTheDocument();
      expect(toasts().getByText('Status is not a stage')).toBeInTheDocument();
      // The dialog stays open so the admin can try again.
      expect(screen.getByRole('dialog', { name: 'Change Status' })).toBeInTheDocument();

      answer = { status: 500, body: 'upstream gone' };
      await user.click(screen.getByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('An error occurred')).toBeInTheDocument();
    });
  });

  describe('unit rows', () => {
    it("expand with fresh units, each with 'Update Status' naming its item", async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'GET /api/orders/1/items': {
          body: [
            {
              id: 11,
              orderId: 1,
              itemNumber: 1,
              status: 'DOCUMENTS_SIGNING',
              statusChangedAt: NOW.toISOString(),
            },
            { id: 12, orderId: 1, itemNumber: 2, status: 'PRODUCTION', statusChangedAt: NOW.toISOString() },
          ],
        },
        'PATCH /api/admin/orders/1/status': { body: { updatedItems: 1, updatedOrders: 1 } },
      });
      await openOrders();
      expect(screen.queryByRole('button', { name: /units of ORD-77/ })).not.toBeInTheDocument();
      const expand = screen.getByRole('button', { name: 'Show the 2 units of VH1042' });
      await user.click(expand);
      expect(expand).toHaveAttribute('aria-expanded', 'true');
      const second = await screen.findByRole('row', { name: /VH1042 · Unit 2/ });
      expect(within(second).getByText('In Production')).toBeInTheDocument();

      await user.click(within(second).getByRole('button', { name: /^Update Status/ }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      expect(dialog.getByRole('radio', { name: 'Individual item' })).toBeChecked();
      expect(dialog.getByRole('combobox', { name: 'Item' })).toHaveTextContent('VH1042 · Unit 2');
      expect(dialog.getByRole('combobox', { name: 'New status' })).toHaveTextContent('In Production');
      await chooseOption(user, 'New status', 'Delivery Scheduled');
      await user.click(dialog.getByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('Item status updated')).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/admin/orders/1/status')[0]?.body).toEqual({
        status: 'DELIVERY_DATE_CONFIRMED',
        itemNumber: 2,
      });
    });

    it('open Update Status on a unit at Documents Pending with that stage chosen, among the stages by label', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'GET /api/orders/1/items': {
          body: [
            {
              id: 11,
              orderId: 1,
              itemNumber: 1,
              status: 'DOCUMENTS_PENDING',
              statusChangedAt: NOW.toISOString(),
            },
            { id: 12, orderId: 1, itemNumber: 2, status: 'PRODUCTION', statusChangedAt: NOW.toISOString() },
          ],
        },
        'PATCH /api/admin/orders/1/status': { body: { updatedItems: 0, updatedOrders: 0 } },
      });
      await openOrders();
      await user.click(screen.getByRole('button', { name: 'Show the 2 units of VH1042' }));
      const first = await screen.findByRole('row', { name: /VH1042 · Unit 1/ });
      await user.click(within(first).getByRole('button', { name: /^Update Status/ }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Change Status' }));
      const status = dialog.getByRole('combobox', { name: 'New status' });
      expect(status).toHaveTextContent('Documents Pending');
      await user.click(status);
      const options = screen.getAllByRole('option');
      // Every stage by its label, in stage order; no code.
      expect(options.map((option) => option.textContent)).toEqual(STAGES.map((stage) => STAGE_LABELS[stage]));
      expect(screen.getByRole('option', { name: 'Documents Pending' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await user.keyboard('{Escape}');

      // Keeping the stage changes nothing and says so.
      await user.click(dialog.getByRole('button', { name: 'Update Status' }));
      expect(await toasts().findByText('No change')).toBeInTheDocument();
      expect(toasts().getByText('Already at Documents Pending')).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/admin/orders/1/status')[0]?.body).toEqual({
        status: 'DOCUMENTS_PENDING',
        itemNumber: 1,
      });
    });

    it('say when the units cannot be loaded', async () => {
      const user = userEvent.setup();
      adminApi({
        [`GET ${listUrl()}`]: page(),
        'GET /api/orders/1/items': { status: 500, body: { message: 'boom' } },
      });
      await openOrders();
      await user.click(screen.getByRole('button', { name: 'Show the 2 units of VH1042' }));
      expect(await toasts().findByText('Error loading items')).toBeInTheDocument();
      expect(toasts().getByText('Could not load individual order items')).toBeInTheDocument();
    });
  });

  describe('Delete', () => {
    it('asks first, then deletes and says Order deleted', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'DELETE /api/admin/orders/2': { body: { message: 'Order deleted' } },
      });
      await openOrders();
      await rowAction(user, 'ORD-77', 'Delete');
      const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete order ORD-77?' }));
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(calls(recorded, 'DELETE', '/api/')).toHaveLength(0);

      await rowAction(user, 'ORD-77', 'Delete');
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      expect(await toasts().findByText('Order deleted')).toBeInTheDocument();
      expect(calls(recorded, 'DELETE', '/api/admin/orders/2')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    });

    it("says 'Error deleting order' with the server's message", async () => {
      const user = userEvent.setup();
      adminApi({
        [`GET ${listUrl()}`]: page(),
        'DELETE /api/admin/orders/2': { status: 404, body: { message: 'Order not found' } },
      });
      await openOrders();
      await rowAction(user, 'ORD-77', 'Delete');
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      expect(await toasts().findByText('Error deleting order')).toBeInTheDocument();
      expect(toasts().getByText('Order not found')).toBeInTheDocument();
    });
  });

  describe('Export', () => {
    it('saves the CSV of the current search and filters and says Orders exported', async () => {
      const user = userEvent.setup();
      const links = followedLinks();
      adminApi({ [`GET ${listUrl({ page: 2, q: 'studio', payment: 'paid' })}`]: page([studio], 11) });
      await openOrders('/admin/orders?q=studio&payment=paid&page=2');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      expect(await toasts().findByText('Orders exported')).toBeInTheDocument();
      expect(links).toEqual(['/api/admin/orders/export?q=studio&payment=paid download=true']);
    });

    it('says No orders to export when nothing matches', async () => {
      const user = userEvent.setup();
      const links = followedLinks();
      adminApi({ [`GET ${listUrl({ q: 'nothing' })}`]: page([], 0) });
      renderApp('/admin/orders?q=nothing');
      expect(await screen.findByText('No orders found')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Export' }));
      expect(await toasts().findByText('No orders to export')).toBeInTheDocument();
      expect(links).toEqual([]);
    });

    it('saves one order from its row menu and says Order exported', async () => {
      const user = userEvent.setup();
      const links = followedLinks();
      adminApi({ [`GET ${listUrl()}`]: page() });
      await openOrders();
      await rowAction(user, 'ORD-77', 'Export');
      expect(await toasts().findByText('Order exported')).toBeInTheDocument();
      expect(links).toEqual(['/api/admin/orders/2/export download=true']);
    });
  });

  it('changes the status of several selected orders in one request', async () => {
    const user = userEvent.setup();
    const recorded = adminApi({
      [`GET ${listUrl()}`]: page(),
      'POST /api/admin/orders/bulk-status': { body: { updatedItems: 3, updatedOrders: 2 } },
    });
    await openOrders();
    await user.click(screen.getByRole('checkbox', { name: 'Select order VH1042' }));
    const selectAll = screen.getByRole('checkbox', { name: 'Select all orders on this page' });
    expect(selectAll).toHaveProperty('indeterminate', true);
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'Select order ORD-77' })).toBeChecked();
    const bar = within(screen.getByRole('region', { name: 'Selected orders' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Change status' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change status of selected orders' }));
    expect(dialog.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await chooseOption(user, 'New status', 'Site Preparation');
    await user.click(dialog.getByRole('button', { name: 'Update Status' }));

    expect(await toasts().findByText('Order status updated')).toBeInTheDocument();
    expect(calls(recorded, 'POST', '/api/admin/orders/bulk-status')[0]?.body).toEqual({
      orderIds: [1, 2],
      status: 'SITE_PREP',
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument(),
    );
  });

  describe('with orders selected', () => {
    async function selectBoth(user: ReturnType<typeof userEvent.setup>) {
      await user.click(screen.getByRole('checkbox', { name: 'Select order VH1042' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select order ORD-77' }));
      return within(screen.getByRole('region', { name: 'Selected orders' }));
    }

    it('exports just the selected orders', async () => {
      const user = userEvent.setup();
      const links = followedLinks();
      adminApi({ [`GET ${listUrl()}`]: page() });
      await openOrders();
      const bar = await selectBoth(user);
      await user.click(bar.getByRole('button', { name: 'Export selected' }));
      expect(await toasts().findByText('2 orders exported')).toBeInTheDocument();
      expect(links).toEqual(['/api/admin/orders/export?ids=1%2C2 download=true']);
    });

    it('deletes them after a confirmation that names the count, in one request', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        [`GET ${listUrl()}`]: page(),
        'POST /api/admin/orders/bulk-delete': { body: { deleted: 2 } },
      });
      await openOrders();
      const bar = await selectBoth(user);
      await user.click(bar.getByRole('button', { name: 'Delete selected' }));
      const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete 2 orders?' }));
      expect(calls(recorded, 'POST', '/api/admin/orders/bulk-delete')).toEqual([]);
      await user.click(confirm.getByRole('button', { name: 'Delete 2 orders' }));
      expect(await toasts().findByText('2 orders deleted')).toBeInTheDocument();
      expect(calls(recorded, 'POST', '/api/admin/orders/bulk-delete')[0]?.body).toEqual({ orderIds: [1, 2] });
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument(),
      );
    });

    it('keeps the orders and the selection when the delete is refused', async () => {
      const user = userEvent.setup();
      adminApi({
        [`GET ${listUrl()}`]: page(),
        'POST /api/admin/orders/bulk-delete': { status: 404, body: { message: 'Order not found: 2' } },
      });
      await openOrders();
      const bar = await selectBoth(user);
      await user.click(bar.getByRole('button', { name: 'Delete selected' }));
      const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete 2 orders?' }));
      await user.click(confirm.getByRole('button', { name: 'Delete 2 orders' }));
      expect(await toasts().findByText('Order not found: 2')).toBeInTheDocument();
      // The confirmation stays open for another try; cancelled, the selection is still there.
      await user.click(confirm.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('region', { name: 'Selected orders' })).toHaveTextContent('2 selected');
    });
  });

  describe('saved views', () => {
    /** The server's saved views of the signed-in staff member, changed by the calls the page makes. */
    function viewsServer(initial: { id: number; name: string; params: string }[]) {
      let views = [...initial];
      return {
        'GET /api/admin/saved-views': () => ({ body: views }),
        'POST /api/admin/saved-views': (body: unknown) => {
          const view = { id: views.length + 10, ...(body as { name: string; params: string }) };
          views = [...views, view];
          return { status: 201, body: view };
        },
        ...Object.fromEntries(
          initial.flatMap((view) => [
            [
              `PATCH /api/admin/saved-views/${view.id}`,
              (body: unknown) => {
                const { name } = body as { name: string };
                views = views.map((v) => (v.id === view.id ? { ...v, name } : v));
                return { body: { ...view, name } };
              },
            ],
            [
              `DELETE /api/admin/saved-views/${view.id}`,
              () => {
                views = views.filter((v) => v.id !== view.id);
                return { body: { message: 'View deleted' } };
              },
            ],
          ]),
        ),
      };
    }

    it('saves the current filters under a name, then shows it as a tab that applies them again', async () => {
      const user = userEvent.setup();
      const filtered = listUrl({ q: 'cabin', status: 'PRODUCTION,DELIVERED', sort: 'status:asc' });
      const cleared = listUrl({ q: 'cabin', sort: 'status:asc' });
      const recorded = adminApi({
        ...viewsServer([]),
        [`GET ${filtered}`]: page([guestCabin]),
        [`GET ${listUrl({ page: 2, q: 'cabin', status: 'PRODUCTION,DELIVERED', sort: 'status:asc' })}`]: page(
          [guestCabin],
          11,
        ),
        [`GET ${cleared}`]: page(),
      });
      await openOrders('/admin/orders?q=cabin&status=PRODUCTION,DELIVERED&sort=status:asc&page=2');
      expect(screen.queryByRole('navigation', { name: 'Saved views' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Views' }));
      expect(await screen.findByText('No saved views yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('menuitem', { name: 'Save current view…' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Save current view' }));
      await user.click(dialog.getByRole('button', { name: 'Save view' }));
      expect(dialog.getByText('Give the view a name')).toBeInTheDocument();
      await user.type(dialog.getByLabelText('View name'), 'Cabins moving');
      await user.click(dialog.getByRole('button', { name: 'Save view' }));
      expect(await toasts().findByText('View “Cabins moving” saved')).toBeInTheDocument();
      expect(calls(recorded, 'POST', '/api/admin/saved-views').map((call) => call.body)).toEqual([
        { name: 'Cabins moving', params: 'q=cabin&status=PRODUCTION%2CDELIVERED&sort=status%3Aasc' },
      ]);
      const tabs = await screen.findByRole('navigation', { name: 'Saved views' });
      expect(within(tabs).getByRole('link', { name: 'Cabins moving' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // Elsewhere, then back through the tab: the same list, from its first page.
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(calls(recorded, 'GET', cleared)).not.toEqual([]));
      expect(within(tabs).getByRole('link', { name: 'Cabins moving' })).not.toHaveAttribute('aria-current');
      await user.click(within(tabs).getByRole('link', { name: 'Cabins moving' }));
      await waitFor(() => expect(calls(recorded, 'GET', '/api/admin/orders').at(-1)?.url).toBe(filtered));
      expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('cabin');
    });

    it('renames and deletes a view on the server, refusing a name already taken', async () => {
      const user = userEvent.setup();
      const recorded = adminApi({
        ...viewsServer([
          { id: 1, name: 'Late', params: 'status=PRODUCTION' },
          { id: 2, name: 'Guests', params: 'registration=guest' },
        ]),
        [`GET ${listUrl()}`]: page(),
      });
      await openOrders();
      await user.click(screen.getByRole('button', { name: 'Views' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Manage views…' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Manage views' }));
      const late = dialog.getByLabelText('Name of view Late');
      await user.clear(late);
      await user.type(late, 'guests');
      await user.click(dialog.getAllByRole('button', { name: 'Rename' })[0] as HTMLElement);
      expect(dialog.getByText('A view with this name exists')).toBeInTheDocument();
      await user.clear(late);
      await user.type(late, 'Stuck in production');
      await user.click(dialog.getAllByRole('button', { name: 'Rename' })[0] as HTMLElement);
      expect(await toasts().findByText('View renamed')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Delete view Guests' }));
      expect(await toasts().findByText('View “Guests” deleted')).toBeInTheDocument();
      expect(calls(recorded, 'PATCH', '/api/admin/saved-views/1').map((call) => call.body)).toEqual([
        { name: 'Stuck in production' },
      ]);
      expect(calls(recorded, 'DELETE', '/api/admin/saved-views/2')).toHaveLength(1);
      await user.click(dialog.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const tabs = await screen.findByRole('navigation', { name: 'Saved views' });
      await waitFor(() =>
        expect(
          within(tabs)
            .getAllByRole('link')
            .map((tab) => tab.textContent),
        ).toEqual(['All orders', 'Stuck in production']),
      );
    });
  });
});
