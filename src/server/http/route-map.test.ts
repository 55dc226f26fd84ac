import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes } from '../../shared/routes/account.js';
import { apiKeyRoutes } from '../../shared/routes/api-keys.js';
import { authRoutes } from '../../shared/routes/auth.js';
import type { RouteDefinition } from '../../shared/routes/define-route.js';
import { secondFactorRoutes } from '../../shared/routes/second-factor.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { API_DOCS_PREFIX } from './openapi.js';

/**
 * The shared route map (decision 233) grows one capability at a time. A converted prefix's routes must
 * all come from the map; the prefixes below are what is left to convert: move a prefix from
 * NOT_YET_CONVERTED to CONVERTED when its capability's routes.ts registers through registerRoute and its
 * client calls go through callApi.
 */
const CONVERTED: Record<string, Record<string, RouteDefinition>> = {
  '/api/admin/api-keys': apiKeyRoutes,
  // Under prefixes still listed below (/api/user, /api/admin/users): the narrower prefix is converted.
  '/api/user/second-factor': secondFactorRoutes,
  '/api/admin/users/:id/second-factor': secondFactorRoutes,
  '/api/auth': authRoutes,
  // GET /api/user itself is in authRoutes, but only the whole /api/user prefix would check it.
  '/api/user/sessions': authRoutes,
  '/api/admin/users/:id/sessions': authRoutes,
  '/api/user/profile': accountRoutes,
  '/api/user/shipping-address': accountRoutes,
  '/api/user/password': accountRoutes,
  '/api/user/notifications': accountRoutes,
  '/api/user/preferences': accountRoutes,
  '/api/user/:userId/status': accountRoutes,
};

const NOT_YET_CONVERTED = [
  '/api/admin/audit',
  '/api/admin/conversations',
  '/api/admin/customers',
  '/api/admin/dashboard',
  '/api/admin/delivery-slots',
  '/api/admin/forecast',
  '/api/admin/import',
  '/api/admin/order-items',
  '/api/admin/orders',
  '/api/admin/outbound-webhooks',
  '/api/admin/revalidate-locations',
  '/api/admin/service-areas',
  '/api/admin/users',
  '/api/admin/webhook-events',
  '/api/config',
  '/api/conversations',
  '/api/onboarding',
  '/api/openapi.json',
  '/api/order-items',
  '/api/orders',
  '/api/payments',
  '/api/settings',
  '/api/stripe',
  '/api/track',
  '/api/uploads',
  '/api/user',
  '/api/webhooks',
];

/** Never in the map: the API reference page's own files. */
const OUTSIDE_THE_MAP = [API_DOCS_PREFIX];

const under = (prefix: string) => (url: string) => url === prefix || url.startsWith(`${prefix}/`);

let t: TestApp;
const registered: RouteOptions[] = [];

beforeAll(async () => {
  t = await startTestApp({ onRoute: (route) => registered.push(route) });
});
afterAll(() => t.close());

/** Each /api route as `METHOD path`, without the HEAD twins Fastify adds to every GET. */
function apiRoutes() {
  return registered.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((method) => ({ method, url: route.url, route })),
  );
}

describe('the shared route map', () => {
  it('holds every route registered under a converted prefix, with the entry’s own schemas', () => {
    const entries = Object.values(CONVERTED).flatMap((routes) => Object.values(routes));
    const converted = apiRoutes().filter((r) =>
      Object.keys(CONVERTED).some((prefix) => under(prefix)(r.url)),
    );
    expect(converted.length).toBeGreaterThan(0);

    const missing = converted.filter((r) => !entries.some((e) => e.method === r.method && e.path === r.url));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);

    for (const { method, url, route } of converted) {
      const entry = entries.find((e) => e.method === method && e.path === url);
      const schema = route.schema as Record<string, unknown> & { response: Record<number, unknown> };
      expect(schema.params, `${method} ${url} params`).toBe(entry?.params);
      expect(schema.querystring, `${method} ${url} query`).toBe(entry?.query);
      expect(schema.body, `${method} ${url} body`).toBe(entry?.body);
      for (const [status, answer] of Object.entries(entry?.responses ?? {})) {
        expect(schema.response[Number(status)], `${method} ${url} ${status}`).toBe(answer);
      }
    }
  });

  it('has every entry registered on the server', () => {
    const routes = apiRoutes();
    const entries = Object.values(CONVERTED).flatMap((map) => Object.values(map));
    const unregistered = entries.filter(
      (e) => !routes.some((r) => r.method === e.method && r.url === e.path),
    );
    expect(unregistered.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('knows every /api route as converted, not yet converted or outside the map, and lists no stale prefix', () => {
    const routes = apiRoutes();
    const prefixes = [...Object.keys(CONVERTED), ...NOT_YET_CONVERTED, ...OUTSIDE_THE_MAP];
    const unknown = routes.filter((r) => !prefixes.some((prefix) => under(prefix)(r.url)));
    expect(unknown.map((r) => `${r.method} ${r.url}`)).toEqual([]);

    const stale = NOT_YET_CONVERTED.filter((prefix) => !routes.some((r) => under(prefix)(r.url)));
    expect(stale).toEqual([]);
    const overlapping = NOT_YET_CONVERTED.filter((prefix) => Object.keys(CONVERTED).includes(prefix));
    expect(overlapping).toEqual([]);
  });
});
