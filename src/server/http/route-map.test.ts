import { readdirSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../shared/routes/define-route.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { API_DOCS_PREFIX } from './openapi.js';

/**
 * The shared route map (decision 233): every /api route the server registers is an entry of a
 * capability's file in src/shared/routes/, registered with that entry's own schema objects, and every
 * entry is registered. Only the API reference page's own files stay outside the map.
 */
const ROUTES_DIR = new URL('../../shared/routes/', import.meta.url);
const OUTSIDE_THE_MAP = [API_DOCS_PREFIX];

interface Registered {
  method: string;
  url: string;
  schema: Record<string, unknown> & { response?: Record<number, unknown> };
}

let t: TestApp;
const registered: RouteOptions[] = [];
let entries: RouteDefinition[] = [];

/** Every entry of every capability's route file, found by reading the folder: a new file needs no listing. */
async function loadEntries(): Promise<RouteDefinition[]> {
  const files = readdirSync(ROUTES_DIR).filter((file) => file.endsWith('.ts') && file !== 'define-route.ts');
  const modules = await Promise.all(files.map((file) => import(new URL(file, ROUTES_DIR).href)));
  return modules.flatMap((module: Record<string, unknown>) =>
    Object.values(module).flatMap((map) => Object.values(map as Record<string, RouteDefinition>)),
  );
}

beforeAll(async () => {
  entries = await loadEntries();
  t = await startTestApp({ onRoute: (route) => registered.push(route) });
});
afterAll(() => t.close());

/** Each /api route as method, path and schema, without the HEAD twins Fastify adds to every GET. */
function apiRoutes(routes: RouteOptions[]): Registered[] {
  return routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/'))
      .filter(
        (_) => !OUTSIDE_THE_MAP.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)),
      )
      .map((method) => ({ method, url: route.url, schema: (route.schema ?? {}) as Registered['schema'] })),
  );
}

const entryOf = (route: Registered, map: RouteDefinition[]) =>
  map.find((entry) => entry.method === route.method && entry.path === route.url);

/** What is wrong between the registered routes and the map: routes without an entry, schemas not the entry's. */
function disagreements(routes: Registered[], map: RouteDefinition[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const entry = entryOf(route, map);
    if (!entry) {
      problems.push(`${name}: not in the map`);
      continue;
    }
    if (route.schema.params !== entry.params) problems.push(`${name}: params`);
    if (route.schema.querystring !== entry.query) problems.push(`${name}: query`);
    if (route.schema.body !== entry.body) problems.push(`${name}: body`);
    for (const [status, answer] of Object.entries(entry.responses)) {
      if (route.schema.response?.[Number(status)] !== answer) problems.push(`${name}: answer ${status}`);
    }
  }
  return problems;
}

describe('the shared route map', () => {
  it('holds every /api route the server registers, with the entry’s own schemas', () => {
    const routes = apiRoutes(registered);
    expect(routes.length).toBeGreaterThan(100);
    expect(disagreements(routes, entries)).toEqual([]);
  });

  it('has every entry registered on the server', () => {
    const routes = apiRoutes(registered);
    const unregistered = entries.filter(
      (entry) => !routes.some((r) => r.method === entry.method && r.url === entry.path),
    );
    expect(unregistered.map((entry) => `${entry.method} ${entry.path}`)).toEqual([]);
  });

  it('notices a route added on the server without an entry, and one registered with its own schema', () => {
    const routes = apiRoutes(registered);
    const planted: Registered = { method: 'GET', url: '/api/admin/planted', schema: {} };
    const withBody = routes.find((route) => entryOf(route, entries)?.body);
    if (!withBody) throw new Error('no route with a body');
    const ownBody: Registered = { ...withBody, schema: { ...withBody.schema, body: {} } };
    expect(disagreements([...routes, planted], entries)).toEqual(['GET /api/admin/planted: not in the map']);
    expect(disagreements([ownBody], entries)).toEqual([`${ownBody.method} ${ownBody.url}: body`]);
  });
});
