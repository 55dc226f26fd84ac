import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookEventDto } from '../../../shared/schemas/webhook-events.js';
import { ADMIN, callsTo } from '../../test/admin-settings';
import { publicConfig } from '../../test/public-config';
import { mockApi, renderApp, sessionRoute, toasts } from '../../test/utils';

const FIRST_PAGE = '/api/admin/webhook-events?page=1&pageSize=20';

function event(overrides: Partial<WebhookEventDto> = {}): WebhookEventDto {
  return {
    id: 1,
    createdAt: '2030-03-01T10:00:00.000Z',
    endpoint: 'order-status',
    eventType: 'ORDER_STATUS_UPDATE',
    stage: 'PRODUCTION',
    orderId: 12,
    externalOrderId: 'VH8101',
    data: { orderId: 'VH8101', status: 'PRODUCTION' },
    status: 'success',
    statusCode: 200,
    response: { success: true, message: 'Order status updated' },
    error: null,
    apiKeyName: 'Zapier',
    deliveryKey: 'webhook:order-status:key:1',
    replayOf: null,
    ...overrides,
  };
}

const EVENTS = [
  event(),
  event({
    id: 2,
    eventType: 'PAYMENT',
    stage: 'FINANCING_PAYMENT',
    externalOrderId: 'VH8102',
    status: 'warning',
    error: 'Duplicate delivery: already processed',
  }),
  event({ id: 3, eventType: 'DELIVERY_DATE', externalOrderId: 'VH8103', status: 'error', statusCode: 404 }),
  event({ id: 4, eventType: 'DOCUMENT_SIGNING', externalOrderId: 'VH8104', data: '{"orderId": "VH81' }),
];

function api(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(ADMIN),
    'GET /api/config': publicConfig(),
    [`GET ${FIRST_PAGE}`]: { body: { items: EVENTS, total: EVENTS.length } },
    ...routes,
  });
}

async function openLogs() {
  renderApp('/admin/webhooks?tab=logs');
  // The first render loads the admin shell and page chunks, slow on a busy machine.
  return screen.findByText('Showing 4 events');
}

describe('Webhooks page', () => {
  it('has three tabs, Endpoints first, then Outbound (the automation webhooks sent)', async () => {
    api();
    renderApp('/admin/webhooks');
    const tabs = await screen.findByRole('tablist', { name: 'Webhooks sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Endpoints', 'Logs', 'Format Guidelines', 'Outbound']);
    expect(within(tabs).getByRole('tab', { name: 'Endpoints' })).toHaveAttribute('aria-selected', 'true');
  });

  it('documents each endpoint from its schema: path, required, optional and conditional fields', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    const trigger = await screen.findByRole('button', { name: /Document signing/ });
    expect(screen.getByText('POST /api/webhooks/order-status')).toBeInTheDocument();
    expect(screen.getByText('POST /api/webhooks/location-validation/bulk')).toBeInTheDocument();
    await user.click(trigger);
    const payload = within(await screen.findByRole('region', { name: 'Document signing payload' }));
    const row = (field: string) => payload.getByRole('cell', { name: field }).closest('tr') as HTMLElement;
    expect(within(row('documentUrl')).getByText('Required')).toBeInTheDocument();
    expect(within(row('itemId')).getByText('Optional')).toBeInTheDocument();
    expect(within(row('expiresAt')).getByText('Required when documentStatus is ready')).toBeInTheDocument();
    expect(within(row('signedBy')).getByText('Required when documentStatus is signed')).toBeInTheDocument();
  });

  it('documents both location-validation payloads', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: /^Location validation POST/ }));
    const global = within(await screen.findByRole('region', { name: 'Location validation: Global payload' }));
    const row = global.getByRole('cell', { name: 'globalUpdate' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Required')).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Location validation: Single order payload' }),
    ).toBeInTheDocument();
  });

  it('shows the format guidelines: bearer key, JSON, idempotency, status codes', async () => {
    api();
    renderApp('/admin/webhooks?tab=guidelines');
    expect(await screen.findByText('Authorization: Bearer ofk_…')).toBeInTheDocument();
    expect(screen.getByText('Content-Type: application/json')).toBeInTheDocument();
    expect(screen.getByText('Idempotency-Key')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '401' })).toBeInTheDocument();
  });
});

describe('Webhook logs', () => {
  it('lists event type, order id, timestamp and status; unparsable data shows as Error', async () => {
    api();
    await openLogs();
    const table = screen.getAllByRole('table')[0] as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'VH8101',
      'VH8102',
      'VH8103',
      'VH8104',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Success',
      'Warning',
      'Error',
      'Error',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Payment Processing')).toBeInTheDocument();
  });

  it('opens the detail dialog with the data pretty-printed', async () => {
    api();
    const user = userEvent.setup();
    await openLogs();
    await user.click(screen.getAllByRole('button', { name: 'Details of event 1' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Webhook Event Details' }));
    expect(dialog.getByText('ORDER_STATUS_UPDATE')).toBeInTheDocument();
    expect(dialog.getByText('VH8101')).toBeInTheDocument();
    expect(dialog.getByText('Success')).toBeInTheDocument();
    expect(dialog.getByText(/"status": "PRODUCTION"/)).toBeInTheDocument();
  });

  it("says 'Failed to parse data' for data that is not JSON, and cannot replay it", async () => {
    api();
    const user = userEvent.setup();
    await openLogs();
    await user.click(screen.getAllByRole('button', { name: 'Details of event 4' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Webhook Event Details' }));
    expect(dialog.getByText('Failed to parse data')).toBeInTheDocument();
    expect(dialog.getByText('Error')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Replay' })).toBeDisabled();
  });

  it('replays an event from its dialog', async () => {
    const calls = api({
      'POST /api/admin/webhook-events/1/replay': {
        body: {
          event: event({ id: 9, replayOf: 1 }),
          statusCode: 200,
          response: { message: 'Order status updated' },
        },
      },
    });
    const user = userEvent.setup();
    await openLogs();
    await user.click(screen.getAllByRole('button', { name: 'Details of event 1' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Webhook Event Details' }));
    await user.click(dialog.getByRole('button', { name: 'Replay' }));
    expect(await toasts().findByText('Event replayed')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/webhook-events/1/replay')).toHaveLength(1);
  });

  it("refreshes on Refresh and toasts 'Logs refreshed'", async () => {
    const calls = api();
    const user = userEvent.setup();
    await openLogs();
    const before = callsTo(calls, 'GET', FIRST_PAGE).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await toasts().findByText('Logs refreshed')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', FIRST_PAGE).length).toBe(before + 1);
  });

  it("says 'No webhook events found' when there are none", async () => {
    api({ [`GET ${FIRST_PAGE}`]: { body: { items: [], total: 0 } } });
    renderApp('/admin/webhooks?tab=logs');
    expect(await screen.findByText('No webhook events found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 events')).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const second = event({ id: 30, externalOrderId: 'VH8130' });
    const calls = api({
      [`GET ${FIRST_PAGE}`]: { body: { items: EVENTS, total: 21 } },
      'GET /api/admin/webhook-events?page=2&pageSize=20': { body: { items: [second], total: 21 } },
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks?tab=logs');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 1 event of 21 · page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('VH8130').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'GET', '/api/admin/webhook-events?page=2&pageSize=20')).toHaveLength(1);
  });
});
