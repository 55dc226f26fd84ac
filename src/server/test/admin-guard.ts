import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { signedInCustomer } from './auth-flow.js';

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** A body that would be valid for an admin, so only the caller's identity can be refused. */
  json?: unknown;
}

/**
 * Every admin route answers 401 to a visitor and 403 to a signed-in customer, before it reads its
 * input. Call it with every route a feature adds.
 */
export async function expectAdminOnly(t: TestApp, routes: readonly AdminRoute[]) {
  const visitor = t.client();
  const { client: customer } = await signedInCustomer(t, `guard-${routes.length}-${Date.now()}@example.com`);
  for (const route of routes) {
    const options = {
      json: route.json ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
    };
    const asVisitor = await visitor.request(route.method, route.path, options);
    expect(asVisitor.status, `${route.method} ${route.path} as a visitor`).toBe(401);
    const asCustomer = await customer.request(route.method, route.path, options);
    expect(asCustomer.status, `${route.method} ${route.path} as a customer`).toBe(403);
  }
}
