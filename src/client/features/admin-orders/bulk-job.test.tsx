import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkJobView } from '../../../shared/schemas/bulk-jobs.js';
import { adminApi, listUrl, makeRow } from '../../test/admin-orders';
import { FakeWebSocket } from '../../test/fake-web-socket';
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
  FakeWebSocket.reset();
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

  it('shows the progress the live connection tells while the job’s poll is held until its end', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const user = userEvent.setup();
    // As on the embedded database: the job's transaction holds the connection, the poll waits for it.
    let answerPoll: (view: BulkJobView) => void = () => {};
    const held = new Promise<BulkJobView>((resolve) => {
      answerPoll = resolve;
    });
    adminApi({
      [`GET ${LIST}`]: { body: { items: rows, total: 30 } },
      'POST /api/admin/orders/bulk': { status: 202, body: { jobId: 9, total: 30 } },
      'GET /api/admin/jobs/9': async () => ({ body: await held }),
    });
    const bar = await selectAllMatching(user);
    FakeWebSocket.last.serverOpens();
    await user.click(bar.getByRole('button', { name: 'Change status' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Change the status of 30 matching orders?' }),
    );
    await user.click(dialog.getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'In Production' }));
    await user.click(dialog.getByRole('button', { name: 'Move 30 matching orders to In Production' }));
    const progress = await dialog.findByRole('progressbar', { name: 'Job progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');

    act(() => FakeWebSocket.last.serverSends({ type: 'bulk_job_progress', jobId: 9, done: 12, total: 30 }));
    expect(await dialog.findByText('12 of 30 orders handled…')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    // Another job's word changes nothing here (the query cache tells its observers on a 0 ms timer).
    await act(async () => {
      FakeWebSocket.last.serverSends({ type: 'bulk_job_progress', jobId: 8, done: 25, total: 40 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    expect(progress).toHaveAttribute('aria-valuemax', '30');

    answerPoll(job({ state: 'done', done: 30, message: '30 orders moved to In Production.' }));
    expect(await toasts().findByText('30 orders moved to In Production.')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '30');
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
