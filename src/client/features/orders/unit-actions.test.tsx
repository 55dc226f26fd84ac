import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderDto, OrderItemDto } from '../../../shared/schemas/orders.js';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute, toasts } from '../../test/utils';

const DOCUMENT_URL = 'https://sign.example/envelope/1';

function orderWith(item: Partial<OrderItemDto>, order: Partial<OrderDto> = {}): OrderDto {
  return makeOrder({
    id: 1,
    orderId: 'VH1042',
    status: item.status,
    items: [makeItem({ id: 11, orderId: 1, itemNumber: 1, ...item })],
    ...order,
  });
}

function api(order: OrderDto, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/orders': { body: [order] },
    ...extra,
  });
}

async function card() {
  // The first render of a file also loads the lazy shell and page chunks.
  return within(await screen.findByRole('article'));
}

describe('document signing', () => {
  it('shows Documents processing, with nothing to click, until the document is ready', async () => {
    api(orderWith({ status: 'DOCUMENTS_PENDING', currentStageData: { documentStatus: 'pending' } }));
    renderApp('/orders');
    expect(await (await card()).findByRole('button', { name: 'Documents processing' })).toBeDisabled();
    expect((await card()).getByText('Documents in preparation')).toBeInTheDocument();
  });

  it('says nothing of documents in preparation once they are ready to sign', async () => {
    const ready = { documentStatus: 'ready', documentUrl: DOCUMENT_URL };
    api(orderWith({ status: 'DOCUMENTS_PENDING', currentStageData: ready }));
    renderApp('/orders');
    const unit = await card();
    expect(await unit.findByRole('button', { name: /^Sign required documents/ })).toBeEnabled();
    expect(unit.queryByText('Documents in preparation')).not.toBeInTheDocument();
  });

  it('starts signing a ready document: moves the unit to signing, says so and shows the document', async () => {
    const user = userEvent.setup();
    const ready = { documentStatus: 'ready', documentUrl: DOCUMENT_URL };
    const calls = api(orderWith({ status: 'DOCUMENTS_PENDING', currentStageData: ready }), {
      'PATCH /api/order-items/11/status': {
        body: makeItem({ id: 11, status: 'DOCUMENTS_SIGNING', currentStageData: ready }),
      },
      'GET /api/order-items/11/signing-document': { body: { loads: true } },
    });
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Sign required documents (1 pending action)' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    expect(within(dialog).getByTitle(/Documents to sign for VH1042 · Unit 1/)).toHaveAttribute(
      'src',
      DOCUMENT_URL,
    );
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/order-items/11/status',
      body: { status: 'DOCUMENTS_SIGNING' },
    });
    // The open dialog hides the rest of the page (the toast region too) from the accessibility tree.
    // The open dialog hides the page, toasts included, from assistive technology; close it first.
    await user.keyboard('{Escape}');
    expect(toasts().getByText('Document signing initiated')).toBeInTheDocument();
  });

  it('says so and keeps the dialog closed when the status update fails', async () => {
    const user = userEvent.setup();
    const ready = { documentStatus: 'ready', documentUrl: DOCUMENT_URL };
    api(orderWith({ status: 'DOCUMENTS_PENDING', currentStageData: ready }), {
      'PATCH /api/order-items/11/status': {
        status: 409,
        body: { code: 'DOCUMENT_NOT_READY', message: 'Document not ready' },
      },
    });
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Sign required documents (1 pending action)' }),
    );
    expect(await toasts().findByText('Error updating status')).toBeInTheDocument();
    expect(
      toasts().getByText('There was a problem updating the document status. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says what to do when the document cannot load, and tries again: never a broken frame', async () => {
    const user = userEvent.setup();
    let answers = [{ loads: false, reason: 'unreachable' }, { loads: true }];
    const calls = api(
      orderWith({ status: 'DOCUMENTS_SIGNING', currentStageData: { documentUrl: DOCUMENT_URL } }),
      {
        'GET /api/order-items/11/signing-document': () => {
          const [answer, ...rest] = answers;
          answers = rest;
          return { body: answer };
        },
      },
    );
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Sign required documents (1 pending action)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your document could not be loaded.');
    expect(alert).toHaveTextContent('The signing service did not answer.');
    expect(within(dialog).queryByTitle(/Documents to sign/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute(
      'href',
      DOCUMENT_URL,
    );
    expect(within(dialog).getByRole('link', { name: 'Ask us' })).toHaveAttribute(
      'href',
      '/orders/1#conversation',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTitle(/Documents to sign/)).toHaveAttribute('src', DOCUMENT_URL);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/order-items/11/signing-document')).toHaveLength(2);
  });

  it('sends the customer to a new tab when the signing service forbids showing its document here', async () => {
    const user = userEvent.setup();
    api(orderWith({ status: 'DOCUMENTS_SIGNING', currentStageData: { documentUrl: DOCUMENT_URL } }), {
      'GET /api/order-items/11/signing-document': { body: { loads: false, reason: 'refuses_frame' } },
    });
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Sign required documents (1 pending action)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The signing service does not allow its document to be shown here.',
    );
    expect(within(dialog).getByRole('link', { name: /Open in a new tab/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('opens the document of a unit already at signing without changing its status', async () => {
    const user = userEvent.setup();
    const calls = api(
      orderWith({ status: 'DOCUMENTS_SIGNING', currentStageData: { documentUrl: DOCUMENT_URL } }),
      { 'GET /api/order-items/11/signing-document': { body: { loads: true } } },
    );
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Sign required documents (1 pending action)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    const frame = within(dialog).getByTitle(/Documents to sign/);
    expect(frame).toHaveAttribute('src', DOCUMENT_URL);
    // The partner's page may run its scripts and forms, never navigate or script this portal.
    const sandbox = frame.getAttribute('sandbox')?.split(' ') ?? [];
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('neither frames nor links a stored document address that is not a web address', async () => {
    const user = userEvent.setup();
    api(orderWith({ status: 'DOCUMENTS_SIGNING', currentStageData: { documentUrl: 'javascript:alert(1)' } }));
    renderApp('/orders');
    await user.click(await (await card()).findByRole('button', { name: /^Sign required documents/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    expect(within(dialog).getByText('No document available for signing.')).toBeInTheDocument();
    expect(within(dialog).queryByTitle(/Documents to sign/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('explains when there is no document to sign yet', async () => {
    const user = userEvent.setup();
    api(orderWith({ status: 'DOCUMENTS_SIGNING', currentStageData: {} }));
    renderApp('/orders');
    await user.click(await (await card()).findByRole('button', { name: /^Sign required documents/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign required documents' });
    expect(within(dialog).getByText('No document available for signing.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The documents may still be in preparation. Please check back later.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTitle(/Documents to sign/)).not.toBeInTheDocument();
  });
});

describe('onboarding', () => {
  it('opens the onboarding dialog for the unit at Location Enabled', async () => {
    const user = userEvent.setup();
    const calls = api(orderWith({ status: 'LOCATION_ENABLED' }));
    renderApp('/orders');
    await user.click(
      await (await card()).findByRole('button', { name: 'Complete onboarding form (1 pending action)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Onboarding' });
    // The dialog names the unit as its card does, so a customer with several knows which one it is.
    expect(dialog).toHaveAccessibleDescription(/^VH\d+ · Unit 1: tell us who you are/);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/order-items/11/details')).toBe(true));
  });

  it('offers no action at other stages', async () => {
    api(orderWith({ status: 'PRODUCTION' }));
    renderApp('/orders');
    const unit = await card();
    expect(unit.getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('VH1042'),
      'View details',
    ]);
  });
});

describe('delivery day booking', () => {
  it('says why a day could not be booked by the refusal’s code, whatever its English words', async () => {
    const user = userEvent.setup();
    let slots = [
      { id: 5, date: '2030-03-04', capacity: 2, booked: 1 },
      { id: 6, date: '2030-03-05', capacity: 2, booked: 0 },
    ];
    api(orderWith({ status: 'PRODUCTION' }), {
      'GET /api/order-items/11/delivery-slots': () => ({
        body: { items: slots, total: slots.length, booking: null, firstDay: '2030-03-02', windowFrom: null },
      }),
      'POST /api/order-items/11/delivery-booking': () => {
        slots = slots.slice(1);
        return { status: 409, body: { code: 'SLOT_FULL', message: 'Reworded English the screen never saw' } };
      },
    });
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: /VH1042 · Unit 1/ }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: /^Book delivery day/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a delivery day' });
    await user.click((await within(dialog).findAllByRole('radio'))[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Book this day' }));

    expect(
      await within(dialog).findByText('This delivery day is fully booked. Please choose another day.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Reworded English/)).not.toBeInTheDocument();
    // The free days as they are now: the full one is gone.
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1));
  });

  it('says the days start at the unit’s estimated window when that is later than 48 hours ahead', async () => {
    const user = userEvent.setup();
    const slots = [{ id: 7, date: '2030-04-14', capacity: 2, booked: 0 }];
    api(orderWith({ status: 'PRODUCTION' }), {
      'GET /api/order-items/11/delivery-slots': () => ({
        body: { items: slots, total: 1, booking: null, firstDay: '2030-04-14', windowFrom: '2030-04-14' },
      }),
    });
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: /VH1042 · Unit 1/ }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: /^Book delivery day/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a delivery day' });
    expect(
      await within(dialog).findByText(
        /Your unit is expected to be ready from .*April 14.*, so the days start there/,
      ),
    ).toBeInTheDocument();
  });
  it('names a booked day once: the booking panel says it, the timeline hint does not repeat it', async () => {
    const user = userEvent.setup();
    api(orderWith({ status: 'DELIVERY_DATE_CONFIRMED', deliveryDate: '2030-03-04' }), {
      'GET /api/order-items/11/delivery-slots': () => ({
        body: {
          items: [],
          total: 0,
          booking: {
            slotId: 5,
            date: '2030-03-04',
            changeableUntil: '2030-03-02T00:00:00Z',
            canChange: true,
          },
          firstDay: '2030-03-02',
          windowFrom: null,
        },
      }),
    });
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: /VH1042 · Unit 1/ }, { timeout: 5000 }));

    const unit = await card();
    expect(await unit.findByText(/Delivery day: .*March 4.*2030/)).toBeInTheDocument();
    expect(unit.queryByText(/Delivery booked for/)).not.toBeInTheDocument();
  });
});
