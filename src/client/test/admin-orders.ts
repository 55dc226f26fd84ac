/** Admin order answers as the server sends them, and the calls the screens make, for the tests. */

import type { ActivityEvent, AdminOrderRow, Dashboard } from '../../shared/schemas/admin-orders.js';
import { orderMoney } from '../../shared/schemas/money.js';
import { makeUser, mockApi, sessionRoute } from './utils';

export const ADMIN = makeUser({
  id: 1,
  email: 'admin@example.com',
  role: 'ADMIN',
  firstName: null,
  lastName: null,
});

/**
 * A row of the orders table; its money is computed as the server computes it, from the row's units at
 * its status (no payment recorded on them) unless the test gives its own.
 */
export function makeRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  const id = overrides.id ?? 1;
  const row: Omit<AdminOrderRow, 'money'> & Partial<AdminOrderRow> = {
    id,
    orderId: `VH20${id}`,
    userId: 7,
    customerEmail: 'ann@example.com',
    customerName: null,
    productName: 'Studio 240',
    quantity: 1,
    orderDate: '2025-06-01T10:00:00.000Z',
    status: 'ORDER_PLACED',
    amount: null,
    paymentMethod: null,
    transactionId: null,
    deliveryDate: null,
    zipCode: '78701',
    ...overrides,
  };
  const units = Array.from({ length: row.quantity }, (_, i) => ({
    itemNumber: i + 1,
    status: row.status,
    stageData: {},
  }));
  return { ...row, money: overrides.money ?? orderMoney(row, units) };
}

export function makeActivity(overrides: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    id: 1,
    orderItemId: null,
    timestamp: '2025-06-02T15:30:00.000Z',
    stage: null,
    type: 'ORDER_CREATED',
    data: {},
    actor: { kind: 'system', label: 'System' },
    internal: false,
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    totalOrders: 0,
    pendingActions: 0,
    inProduction: 0,
    delivered: 0,
    recentOrders: [],
    unitsPerStage: [],
    longestWaiting: [],
    ...overrides,
  };
}

/** The list URL the orders page asks for, parameters in the order it sends them. */
export function listUrl(values: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ page: '1', pageSize: '10', sort: 'orderDate:desc' });
  for (const [name, value] of Object.entries(values)) params.set(name, String(value));
  return `/api/admin/orders?${params}`;
}

/**
 * The stand-in server for a staff screen. The staff member's own choices answer as one who picked 10
 * rows a page and saved no view, unless the test answers them itself.
 */
export function adminApi(routes: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(ADMIN),
    'GET /api/admin/preferences': { body: { ordersPageSize: 10 } },
    'GET /api/admin/saved-views': { body: [] },
    ...routes,
  });
}
