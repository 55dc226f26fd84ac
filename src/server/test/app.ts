import type { AddressInfo } from 'node:net';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FirstScreenRenderer } from '../../shared/first-screen.js';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createTestDatabase } from './database.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';

/** A clock the test moves by hand. */
export function manualClock(start = new Date()): Clock & { advanceMinutes(minutes: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes) {
      now += minutes * 60_000;
    },
  };
}

async function openInFolder(dataDir: string) {
  const database = openDatabase({ dataDir });
  await database.migrate();
  return { ...database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mail: MailCatcher;
  baseUrl: string;
  config: Config;
  client(): TestClient;
  close(): Promise<void>;
}

/** The whole product on a fresh database, listening on a free port, mailing a local SMTP server. */
export async function startTestApp(
  options: {
    clock?: Clock;
    config?: Partial<Config>;
    liveHeartbeatMs?: number;
    logStream?: { write(line: string): void };
    onRoute?: (route: RouteOptions) => void;
    /** A built client to serve (none by default). */
    clientDir?: string;
    /** What draws the customer pages' first screens beside that client (none by default). */
    firstScreen?: FirstScreenRenderer;
    /** A PostgreSQL server of the test's own instead of TEST_DATABASE_URL's. */
    databaseUrl?: string;
    /** An embedded database in this folder (DATA_DIR) instead of one in memory; kept at close. */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const database = options.dataDir
    ? await openInFolder(options.dataDir)
    : await createTestDatabase(options.databaseUrl);
  const mail = await startMailCatcher();
  const config = testConfig({ smtpUrl: mail.smtpUrl, ...options.config });
  // Every test request comes from 127.0.0.1; the in-memory per-minute limit would only add noise.
  config.authLimits = { ...config.authLimits, requestsPerMinute: 10_000, ...options.config?.authLimits };
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    clientDir: options.clientDir ?? null,
    firstScreen: options.firstScreen ?? null,
    liveHeartbeatMs: options.liveHeartbeatMs,
    logStream: options.logStream,
    onRoute: options.onRoute,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The test's requests and this server share one event loop, which an embedded-database statement
  // holds for seconds on a busy machine. When it lets go, the server's keep-alive timer (5 s by default)
  // and the test's next request on the same idle connection race, and the request fails with
  // ECONNRESET. Idle connections stay open for the length of any test instead.
  app.server.keepAliveTimeout = 10 * 60_000;
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    database,
    mail,
    baseUrl,
    config,
    client: () => new TestClient(baseUrl),
    async close() {
      // With idle connections kept this long, a download the test abandoned half-way would hold
      // the close until its keep-alive ran out: the test is over, so every connection goes.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await mail.close();
      await database.drop();
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Talks to the server as a browser would: real HTTP, a cookie jar, JSON bodies. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, json?: unknown) => this.request<T>('POST', path, { json });

  private storeCookie(line: string) {
    const [pair, ...attributes] = line.split(';');
    const [name, ...rest] = (pair ?? '').split('=');
    if (!name) return;
    const value = rest.join('=');
    const expired =
      value === '' ||
      attributes.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
    if (expired) this.cookies.delete(name.trim());
    else this.cookies.set(name.trim(), value);
  }
}
