import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkJobView } from '../../../shared/schemas/bulk-jobs.js';
import { adminApi, listUrl, makeRow } from '../../test/admin-orders';
import { renderApp, toasts } from '../../test/utils';

const rows = [makeRow({ id: 1, orderId: 'VH1001' }), makeRow({ id: 2, orderId: 'VH1002' })];
const LIST = listUrl({ product: 'Cabin' });

function job(overrides: Partial<BulkJobView>): BulkJobView {
  return {
    id: 9,
    action: 'status',
    status: 'PRODUCTION',
    state: 'running',
    done: 0,
    total: 30,
    message: null,
    fileUrl: null,
    createdAt: '2025-06-10T12:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function selectAllMatching(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/admin/orders?product=Cabin');
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
  const bar = within(screen.getByRole('region', { name: 'Selected orders' }));
  await user.click(bar.getByRole('button', { name: 'Select all 30 matching orders' }));
  expect(bar.getByText('All 30 matching orders selected')).toBeInTheDocument();
  return bar;
}

describe('select all matching orders', () => {
  it('moves every order the filter matches in one job, after a confirmation naming the count', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const recorded = adminApi({
      [`GET ${LIST}`]: { body: { items: rows, total: 30 } },
      'POST /api/admin/orders/bulk': { status: 202, body: { jobId: 9, total: 30 } },
      'GET /api/admin/jobs/9': () => {
        polls++;
        return {
          body:
            polls === 1
              ? job({ done: 12 })
              : job({ state: 'done', done: 30, message: '30 orders moved to In Production.' }),
        };
      },
    });
    const bar = await selectAllMatching(user);
    await user.click(bar.getByRole('button', { name: 'Change status' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Change the status of 30 matching orders?' }),
    );
    expect(recorded.filter((call) => call.url === '/api/admin/orders/bulk')).toEqual([]);
    await user.click(dialog.getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'In Production' }));
    await user.click(dialog.getByRole('button', { name: 'Move 30 matching orders to In Production' }));

    expect(await dialog.findByRole('progressbar', { name: 'Job progress' })).toBeInTheDocument();
    expect(await toasts().findByText('30 orders moved to In Production.')).toBeInTheDocument();
    const started = recorded.find((call) => call.url === '/api/admin/orders/bulk');
    expect(started?.body).toEqual({ filter: { product: 'Cabin' }, action: 'status', status: 'PRODUCTION' });
    expect(dialog.getByRole('progressbar', { name: 'Job progress' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('says the job failed and that nothing changed', async () => {
    const user = userEvent.setup();
    adminApi({
      [`GET ${LIST}`]: { body: { items: rows, total: 30 } },
      'POST /api/admin/orders/bulk': { status: 202, body: { jobId: 9, total: 30 } },
      'GET /api/admin/jobs/9': {
        body: job({
          action: 'delete',
          status: null,
          state: 'failed',
          message:
            'The server stopped before this job finished, so it was rolled back: no order was deleted. Start it again.',
        }),
      },
    });
    const bar = await selectAllMatching(user);
    await user.click(bar.getByRole('button', { name: 'Delete selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 30 matching orders?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete 30 matching orders' }));
    expect(await dialog.findByText(/rolled back: no order was deleted/)).toBeInTheDocument();
  });
});
