import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Permission, STAFF_ROLES, type StaffRole } from '../../shared/permissions.js';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInCustomer, signedInStaff } from '../test/auth-flow.js';

/**
 * What each staff route requires. Written out here rather than read from the routes, so that a route
 * given the wrong permission fails, and a new staff route fails until it is added.
 */
const EXPECTED: Record<string, Permission> = {
  'GET /api/admin/dashboard': 'dashboard.read',
  'GET /api/admin/forecast/accuracy': 'dashboard.read',
  'GET /api/admin/forecast/past-window': 'dashboard.read',
  'GET /api/admin/insights/:chart': 'insights.read',
  'GET /api/admin/orders': 'orders.read',
  'GET /api/admin/orders/:id': 'orders.read',
  'GET /api/admin/orders/:id/activity': 'orders.read',
  'GET /api/admin/delivery-slots': 'orders.read',
  'PATCH /api/admin/orders/:id/status': 'orders.status',
  'POST /api/admin/orders/:id/tracking-link': 'orders.status',
  'POST /api/admin/orders/:id/next-stage': 'orders.status',
  'POST /api/admin/orders/:id/next-stage/undo': 'orders.status',
  'POST /api/admin/orders/bulk-status': 'orders.bulk',
  'POST /api/admin/orders/:id/notes': 'orders.notes',
  'GET /api/admin/orders/:id/messages': 'orders.read',
  'GET /api/admin/conversations': 'orders.read',
  'POST /api/admin/orders/:id/messages': 'orders.messages',
  'POST /api/admin/order-items/:id/documents': 'orders.status',
  'GET /api/admin/orders/export': 'orders.export',
  'GET /api/admin/orders/:id/export': 'orders.export',
  'POST /api/admin/import': 'orders.import',
  'DELETE /api/admin/orders/:id': 'orders.delete',
  'POST /api/admin/orders/bulk-delete': 'orders.delete',
  'POST /api/admin/delivery-slots': 'deliverySlots.manage',
  'POST /api/admin/delivery-slots/batch': 'deliverySlots.manage',
  'DELETE /api/admin/delivery-slots/:id': 'deliverySlots.manage',
  'GET /api/admin/customers': 'customers.read',
  'GET /api/admin/users/:id': 'customers.read',
  'POST /api/admin/users/:id/reset-password': 'customers.resetPassword',
  'GET /api/admin/webhook-events': 'webhookLog.read',
  'POST /api/admin/webhook-events/:id/replay': 'admin.all',
  'GET /api/admin/users': 'admin.all',
  'PATCH /api/admin/users/:id': 'admin.all',
  'PUT /api/admin/users/:id': 'admin.all',
  'DELETE /api/admin/users/:id': 'admin.all',
  'DELETE /api/admin/users/:id/second-factor': 'admin.all',
  'DELETE /api/admin/users/:id/sessions': 'admin.all',
  'POST /api/settings/users/create': 'admin.all',
  'GET /api/settings/:category': 'admin.all',
  'POST /api/settings/:category/batch': 'admin.all',
  'POST /api/stripe/update-key': 'admin.all',
  'GET /api/admin/api-keys': 'admin.all',
  'POST /api/admin/api-keys': 'admin.all',
  'DELETE /api/admin/api-keys/:id': 'admin.all',
  'GET /api/admin/outbound-webhooks': 'admin.all',
  'POST /api/admin/outbound-webhooks/:id/retry': 'admin.all',
  'GET /api/admin/outbound-webhooks/signing-secret': 'admin.all',
  'POST /api/admin/outbound-webhooks/signing-secret/rotate': 'admin.all',
  'GET /api/admin/service-areas': 'admin.all',
  'POST /api/admin/service-areas': 'admin.all',
  'DELETE /api/admin/service-areas/:zipCode': 'admin.all',
  'POST /api/admin/revalidate-locations': 'admin.all',
  'POST /api/settings/users/invite': 'admin.all',
  'GET /api/admin/audit': 'admin.all',
  'GET /api/admin/jobs/:id': 'orders.bulk',
  'GET /api/admin/jobs/:id/file': 'orders.export',
  'POST /api/admin/orders/bulk': 'orders.bulk',
  'POST /api/admin/orders': 'orders.import',
  'GET /api/admin/audit/export': 'admin.all',
  'GET /api/admin/financing-applications': 'financing.read',
  'GET /api/admin/orders/:id/financing-applications': 'financing.read',
  'POST /api/admin/financing/signing-secret': 'admin.all',
  'GET /api/admin/preferences': 'orders.read',
  'PATCH /api/admin/preferences': 'orders.read',
  'GET /api/admin/saved-views': 'orders.read',
  'POST /api/admin/saved-views': 'orders.read',
  'PATCH /api/admin/saved-views/:id': 'orders.read',
  'DELETE /api/admin/saved-views/:id': 'orders.read',
};

/** Ids that look real but match nothing, so an allowed call changes nothing. */
const PARAMS: Record<string, string> = { id: '999999', zipCode: '99999', category: 'no-such-category' };
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? '1');

let t: TestApp;
const registered: { method: string; url: string; permission?: Permission }[] = [];
const staff = new Map<StaffRole, TestClient>();
let customer: TestClient;

beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin to every GET; it shares the GET's hooks.
        if (method === 'HEAD') continue;
        registered.push({ method, url: route.url, permission: route.config?.permission });
      }
    },
  });
  for (const role of STAFF_ROLES) staff.set(role, (await signedInStaff(t, role)).client);
  customer = (await signedInCustomer(t, 'roles-customer@example.com')).client;
});
afterAll(async () => {
  await t?.close();
});

/** Every route behind a permission, and every route under the back office's prefixes. */
function staffRoutes() {
  return registered.filter(
    (route) =>
      route.permission !== undefined ||
      route.url.startsWith('/api/admin') ||
      route.url.startsWith('/api/settings') ||
      route.url.startsWith('/api/stripe/update-key'),
  );
}

describe('staff routes', () => {
  it('each declare the permission the table expects, and the table names no route that is gone', () => {
    const found = staffRoutes();
    const declared = Object.fromEntries(found.map((r) => [`${r.method} ${r.url}`, r.permission]));
    expect(declared).toEqual(EXPECTED);
  });

  it('let through exactly the roles whose permission allows them; visitors 401, customers 403', async () => {
    const visitor = t.client();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const { method, url } of staffRoutes()) {
      const permission = EXPECTED[`${method} ${url}`];
      const path = concrete(url);
      const json = method === 'GET' || method === 'DELETE' ? undefined : {};
      const call = (client: TestClient) => client.request(method, path, { json });
      const refused = (status: number) => (status === 401 || status === 403 ? 'refused' : 'allowed');

      outcomes.push(`${method} ${url} visitor ${(await call(visitor)).status}`);
      expected.push(`${method} ${url} visitor 401`);
      outcomes.push(`${method} ${url} customer ${(await call(customer)).status}`);
      expected.push(`${method} ${url} customer 403`);
      for (const role of STAFF_ROLES) {
        const client = staff.get(role);
        if (!client || !permission) throw new Error(`no client for ${role} or no permission for ${url}`);
        const { status } = await call(client);
        const allowed = can(role, permission);
        outcomes.push(`${method} ${url} ${role} ${allowed ? refused(status) : status}`);
        expected.push(`${method} ${url} ${role} ${allowed ? 'allowed' : 403}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('tells the browser what the role may do', async () => {
    const viewer = await staff.get('VIEWER')?.get('/api/auth/user');
    expect(viewer?.body.permissions).toEqual(['dashboard.read', 'orders.read', 'customers.read']);
    const admin = await staff.get('ADMIN')?.get('/api/auth/user');
    expect(admin?.body.permissions).toContain('admin.all');
    const support = await staff.get('SUPPORT')?.get('/api/auth/user');
    expect(support?.body.permissions).not.toContain('orders.status');
    expect((await customer.get('/api/auth/user')).body.permissions).toEqual([]);
  });
});
