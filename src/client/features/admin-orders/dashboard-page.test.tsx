import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAGES } from '../../../shared/stages.js';
import { adminApi, makeDashboard, makeRow } from '../../test/admin-orders';
import { renderApp } from '../../test/utils';

const NOW = new Date('2025-06-13T12:00:00Z');

const dashboard = makeDashboard({
  totalOrders: 1234,
  pendingActions: 17,
  inProduction: 9,
  delivered: 311,
  recentOrders: [
    makeRow({ id: 3, orderId: 'VH3003', productName: 'Studio 240', status: 'PRODUCTION' }),
    makeRow({ id: 4, orderId: 'web-44', customerEmail: null, productName: 'Cabin 400' }),
  ],
  unitsPerStage: STAGES.map((stage, index) => ({ stage, count: stage === 'PRODUCTION' ? 40 : index })),
  longestWaiting: [
    {
      itemId: 31,
      orderId: 3,
      orderRef: 'VH3003',
      itemNumber: 2,
      status: 'DOCUMENTS_SIGNING',
      since: '2025-06-01T11:00:00Z',
    },
  ],
});

describe('admin dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the four totals', async () => {
    adminApi({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderApp('/admin');
    const totals = within(await screen.findByRole('list', { name: 'Order totals' }));
    const cards = totals
      .getAllByRole('listitem')
      .map((card) => [
        within(card).getByRole('heading').textContent,
        within(card).getByText(/^[\d,.]+$/).textContent,
      ]);
    expect(cards).toEqual([
      ['Total Orders', '1,234'],
      ['Pending Actions', '17'],
      ['In Production', '9'],
      ['Delivered', '311'],
    ]);
  });

  it('lists recent orders, with Guest, each linked to its own page', async () => {
    adminApi({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderApp('/admin');
    const recent = await screen.findByRole('table', { name: '' });
    expect(within(recent).getByText('VH3003')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'web-44' })).toHaveAttribute('href', '/admin/orders/4');
    expect(within(recent).getByText('Guest')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'View order web-44' })).toHaveAttribute(
      'href',
      '/admin/orders/4',
    );
  });

  it('opens the matching filtered list from each card and stage bar', async () => {
    adminApi({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderApp('/admin');
    const totals = within(await screen.findByRole('list', { name: 'Order totals' }));
    expect(totals.getByRole('link', { name: 'In Production' })).toHaveAttribute(
      'href',
      '/admin/orders?status=PRODUCTION',
    );
    expect(totals.getByRole('link', { name: 'Pending Actions' })).toHaveAttribute(
      'href',
      '/admin/orders?status=DOCUMENTS_PENDING,DOCUMENTS_SIGNING,FINANCING_PAYMENT',
    );
    expect(totals.getByRole('link', { name: 'Delivered' })).toHaveAttribute(
      'href',
      '/admin/orders?status=DELIVERED',
    );
    expect(totals.getByRole('link', { name: 'Total Orders' })).toHaveAttribute('href', '/admin/orders');
    const chart = within(screen.getByRole('table', { name: 'Units per stage' }));
    expect(chart.getByRole('link', { name: 'Site Preparation' })).toHaveAttribute(
      'href',
      '/admin/orders?status=SITE_PREP',
    );
  });

  it('reads the units per stage as a table of counts', async () => {
    adminApi({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderApp('/admin');
    const chart = await screen.findByRole('table', { name: 'Units per stage' });
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(STAGES.length);
    expect(within(chart).getByRole('rowheader', { name: 'In Production' }).closest('tr')).toHaveTextContent(
      '40',
    );
  });

  it('says how long the longest-waiting units have waited and where', async () => {
    adminApi({ 'GET /api/admin/dashboard': { body: dashboard } });
    renderApp('/admin');
    expect(await screen.findByText('VH3003 · Unit 2')).toBeInTheDocument();
    expect(screen.getByText('12 days in Document Signing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order VH3003 · Unit 2' }).getAttribute('href')).toMatch(
      /^\/admin\/orders\/\d+$/,
    );
  });
});
