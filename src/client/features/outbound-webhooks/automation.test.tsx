import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OutboundDelivery } from '../../../shared/schemas/outbound-webhooks.js';
import { callsTo, entriesOf, settingsApi } from '../../test/admin-settings';
import { mockApi, renderApp, renderWithProviders, toasts } from '../../test/utils';
import { OutboundDeliveries } from './outbound-deliveries';

const LIST = '/api/admin/outbound-webhooks?page=1&pageSize=20';
const SECRET = `whsec_${'A'.repeat(43)}=`;

function delivery(id: number, overrides: Partial<OutboundDelivery> = {}): OutboundDelivery {
  return {
    id,
    messageId: `msg_${String(id).padStart(32, '0')}`,
    eventType: 'order.status_changed',
    url: 'https://hooks.example.com/catch/1',
    status: 'delivered',
    createdAt: '2026-03-01T10:00:00.000Z',
    nextAttemptAt: '2026-03-01T10:00:00.000Z',
    deliveredAt: '2026-03-01T10:00:01.000Z',
    lastError: null,
    payload: {
      type: 'order.status_changed',
      data: { orderNumber: `VH10${id}`, statusLabel: 'Site Preparation' },
    },
    attempts: [
      {
        attemptNumber: 1,
        attemptedAt: '2026-03-01T10:00:01.000Z',
        statusCode: 200,
        error: null,
        durationMs: 41,
      },
    ],
    ...overrides,
  };
}

const FAILED = delivery(2, {
  status: 'failed',
  deliveredAt: null,
  lastError: 'HTTP 500: down',
  attempts: [
    {
      attemptNumber: 1,
      attemptedAt: '2026-03-01T10:00:01.000Z',
      statusCode: 500,
      error: 'HTTP 500: down',
      durationMs: 12,
    },
    {
      attemptNumber: 2,
      attemptedAt: '2026-03-01T10:00:11.000Z',
      statusCode: null,
      error: 'connect ECONNREFUSED',
      durationMs: 3,
    },
  ],
});

describe('outbound deliveries', () => {
  it('lists each delivery with its status and attempts, and retries one that failed', async () => {
    const calls = mockApi({
      [`GET ${LIST}`]: { body: { items: [delivery(1), FAILED], total: 2 } },
      'POST /api/admin/outbound-webhooks/2/retry': { body: { message: 'Delivery queued' } },
    });
    renderWithProviders(<OutboundDeliveries />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [ok, failed] = items as [HTMLElement, HTMLElement];
    expect(ok).toHaveTextContent('DeliveredOrder VH101 → Site Preparation');
    expect(within(ok).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(failed).toHaveTextContent('FailedOrder VH102 → Site Preparation');
    expect(failed).toHaveTextContent('2 attempts');
    expect(failed).toHaveTextContent('connect ECONNREFUSED');

    await userEvent.click(within(failed).getByText('Attempts'));
    const rows = within(failed).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#TimeStatus codeDurationError',
      expect.stringMatching(/^1.*50012 msHTTP 500: down$/),
      expect.stringMatching(/^2.*No answer3 msconnect ECONNREFUSED$/),
    ]);
    expect(screen.getByText('Showing 1 to 2 of 2 deliveries')).toBeInTheDocument();

    await userEvent.click(within(failed).getByRole('button', { name: /Retry/ }));
    expect(await toasts().findByText('Delivery queued')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/outbound-webhooks/2/retry')).toHaveLength(1);
    await waitFor(() => expect(callsTo(calls, 'GET', LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('filters by status on the server and says when nothing matches', async () => {
    const calls = mockApi({
      [`GET ${LIST}`]: { body: { items: [delivery(1)], total: 1 } },
      [`GET ${LIST}&status=failed`]: { body: { items: [], total: 0 } },
    });
    renderWithProviders(<OutboundDeliveries />);
    await screen.findByText('Order VH101 → Site Preparation');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('No failed deliveries.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', `${LIST}&status=failed`)).toHaveLength(1);
  });
});

describe('the signing secret in Settings → Integrations', () => {
  it('shows the secret masked, reveals it on request, and never sends it with the form', async () => {
    const calls = settingsApi({
      'GET /api/settings/integrations': entriesOf('integrations', {
        zapierWebhookUrl: 'https://hooks.example.com/catch/1',
        automationSigningSecret: '••••••••AAA=',
      }),
      'GET /api/admin/outbound-webhooks/signing-secret': { body: { secret: SECRET } },
      'POST /api/settings/integrations/batch': { body: { message: 'Settings saved' } },
    });
    renderApp('/admin/settings?tab=integrations');
    const field = await screen.findByRole('textbox', { name: 'Automation Signing Secret' });
    expect(field).toHaveValue('••••••••AAA=');
    expect(callsTo(calls, 'GET', '/api/admin/outbound-webhooks/signing-secret')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show signing secret' }));
    await waitFor(() => expect(field).toHaveValue(SECRET));
    await userEvent.click(screen.getByRole('button', { name: 'Hide signing secret' }));
    expect(field).toHaveValue('••••••••AAA=');

    await userEvent.click(screen.getByRole('button', { name: 'Save Integrations' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/settings/integrations/batch')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/settings/integrations/batch')[0]?.body).not.toHaveProperty(
      'automationSigningSecret',
    );
  });
});

describe('the Webhooks page', () => {
  it('shows the outbound deliveries in its Outbound tab', async () => {
    settingsApi({ [`GET ${LIST}`]: { body: { items: [FAILED], total: 1 } } });
    renderApp('/admin/webhooks?tab=outbound');
    expect(await screen.findByRole('heading', { name: 'Outbound deliveries' })).toBeInTheDocument();
    expect(await screen.findByText('Order VH102 → Site Preparation')).toBeInTheDocument();
  });
});
