import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { Counter, Gauge, type Metric, Registry } from 'prom-client';
import { rowsOf } from '../db/array-param.js';
import type { Db } from '../db/client.js';
import type { StorageWatch } from '../db/failures.js';
import type { Clock } from '../lib/clock.js';
import { notFound } from '../lib/errors.js';
import { metricsErrors } from './errors.js';

export const METRICS_PATH = '/metrics';

export interface MetricsDeps {
  /** METRICS_TOKEN: the bearer token a scraper sends; unset, the endpoint answers 404. */
  token: string | undefined;
  db: Db;
  clock: Clock;
  /** Open WebSockets of this instance. */
  live: { readonly size: number };
  /** Where finished imports are heard: the import service, handed in by app.ts. */
  imports: { onFinished(listener: (tally: ImportRowsReport) => void): void };
  /** Whether writes fail for want of space, and how many were refused. */
  storage: Pick<StorageWatch, 'full' | 'refusedWrites'>;
}

/**
 * What an import reports when it ends, in the terms of the import-rows counter. Declared here, so
 * the import capability reports to metrics and metrics knows no feature (.dependency-cruiser.cjs).
 */
export interface ImportRowsReport {
  /** Rows read from the file. */
  rows: number;
  created: number;
  updated: number;
  /** Already there, left as they were. */
  skipped: number;
  /** Invalid rows. */
  rejected: number;
  dryRun: boolean;
  /** Nothing was kept: the default mode found invalid rows. */
  failed: boolean;
}

const QUEUES = [
  { name: 'mail', table: 'mail_outbox' },
  { name: 'webhooks', table: 'outbound_webhooks' },
] as const;

/**
 * Prometheus metrics of this instance, in a registry of its own (several apps in one process, as in
 * the tests, never share a figure). Request timing is one cheap hook; the sockets and the queues are
 * read when scraped; imports are heard when they end. Nothing in the product imports this module.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Registry {
  const registry = new Registry();

  const timings = new RequestTimings();
  registry.registerMetric(timings.metric as unknown as Metric);
  // Each route gets its own hook, which knows its pattern: nothing is looked up per request. Routes
  // registered before this (the live socket, the API reference's files) are not timed.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const observe = timings.route(method, route.url);
      const hook: onResponseHookHandler = (request, reply, done) => {
        if (request.method === method) observe(reply.statusCode, reply.elapsedTime);
        done();
      };
      route.onResponse = [...[route.onResponse ?? []].flat(), hook];
    }
  });
  // Requests no route matched share one label.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) timings.route(request.method, 'unmatched')(reply.statusCode, reply.elapsedTime);
    done();
  });

  new Gauge({
    name: 'orderflow_websockets_open',
    help: 'Live WebSockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(deps.live.size);
    },
  });

  new Gauge({
    name: 'orderflow_storage_full',
    help: 'Whether writes are failing for want of disk space (1) or not (0); /readyz answers 503 while 1.',
    registers: [registry],
    collect() {
      this.set(deps.storage.full ? 1 : 0);
    },
  });
  new Counter({
    name: 'orderflow_writes_refused_for_space_total',
    help: 'Requests answered 507 DISK_FULL because a write failed for want of disk space.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.storage.refusedWrites);
    },
  });

  const queueCounts = async () => {
    const now = deps.clock.now().getTime();
    return Promise.all(
      QUEUES.map(async (queue) => {
        const [row] = rowsOf<{
          pending: number | string;
          failed: number | string;
          oldest: Date | string | null;
        }>(
          await deps.db.execute(
            sql`select count(*) filter (where status = 'pending') as pending,
                       count(*) filter (where status = 'failed') as failed,
                       min(created_at) filter (where status = 'pending') as oldest
                from ${sql.identifier(queue.table)}
                where status in ('pending', 'failed')`,
          ),
        );
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
        return {
          queue: queue.name,
          pending: Number(row?.pending ?? 0),
          failed: Number(row?.failed ?? 0),
          oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000),
        };
      }),
    );
  };
  // Both queue gauges come from one read per scrape.
  let reading: Promise<Awaited<ReturnType<typeof queueCounts>>> | null = null;
  const readQueues = () => {
    reading ??= queueCounts().finally(() => {
      reading = null;
    });
    return reading;
  };
  new Gauge({
    name: 'orderflow_outbox_pending',
    help: 'Rows waiting to be sent, by queue (mail: notification e-mail; webhooks: automation webhooks).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.pending);
    },
  });
  new Gauge({
    name: 'orderflow_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest row still waiting to be sent, by queue; 0 when none waits.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'orderflow_outbox_failed',
    help: 'Rows that used up their attempts and wait for an admin to retry them, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.failed);
    },
  });

  const importRows = new Counter({
    name: 'orderflow_import_rows_total',
    help:
      'Rows read by order imports, by result: created, updated, skipped (already there), rejected ' +
      '(invalid), not_written (valid rows of a dry run or of a refused file).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  deps.imports.onFinished((tally) => {
    const count = (result: string, n: number) => {
      if (n > 0) importRows.inc({ result }, n);
    };
    count('rejected', tally.rejected);
    if (tally.dryRun || tally.failed) {
      count('not_written', tally.rows - tally.rejected);
      return;
    }
    count('created', tally.created);
    count('updated', tally.updated);
    count('skipped', tally.skipped);
  });

  const expected = deps.token ? digest(deps.token) : null;
  app.get(
    METRICS_PATH,
    { schema: { summary: 'Prometheus metrics of this instance (text format)' } },
    async (request, reply) => {
      if (!expected) throw notFound();
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
        throw metricsErrors.METRICS_TOKEN_REQUIRED(
          'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>',
        );
      }
      const text = await registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    },
  );
  return registry;
}

/** Equal-length digests, so comparing them takes the same time whatever was sent. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATION_METRIC = 'orderflow_http_request_duration_seconds';

interface Series {
  labels: { method: string; route: string; status_code: string };
  /** Per bucket, the answers that took at most its bound (not cumulative until exposed). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, kept by hand: prom-client's histogram hashes its label object on
 * every observation, which on a small route was a fifth of the server's time. Here each route holds
 * its series by status code and an observation is a few additions.
 */
class RequestTimings {
  private readonly series: Series[] = [];
  private readonly routes = new Map<string, (status: number, elapsedMs: number) => void>();

  route(method: string, route: string): (status: number, elapsedMs: number) => void {
    const key = `${method} ${route}`;
    const known = this.routes.get(key);
    if (known) return known;
    const byStatus = new Map<number, Series>();
    const observe = (status: number, elapsedMs: number) => {
      let series = byStatus.get(status);
      if (!series) {
        series = {
          labels: { method, route, status_code: String(status) },
          counts: DURATION_BUCKETS.map(() => 0),
          sum: 0,
          count: 0,
        };
        byStatus.set(status, series);
        this.series.push(series);
      }
      const seconds = elapsedMs / 1000;
      series.sum += seconds;
      series.count += 1;
      const bucket = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket !== -1) series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    };
    this.routes.set(key, observe);
    return observe;
  }

  /** What the registry asks of a metric: its values in prom-client's shape. */
  readonly metric = {
    name: DURATION_METRIC,
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    type: 'histogram',
    aggregator: 'sum',
    reset: () => {},
    get: async () => ({
      name: DURATION_METRIC,
      help: this.metric.help,
      type: 'histogram',
      aggregator: 'sum',
      values: this.series.flatMap((series) => {
        let cumulative = 0;
        return [
          ...DURATION_BUCKETS.map((bound, i) => {
            cumulative += series.counts[i] ?? 0;
            return {
              metricName: `${DURATION_METRIC}_bucket`,
              labels: { ...series.labels, le: bound },
              value: cumulative,
            };
          }),
          {
            metricName: `${DURATION_METRIC}_bucket`,
            labels: { ...series.labels, le: '+Inf' },
            value: series.count,
          },
          { metricName: `${DURATION_METRIC}_sum`, labels: series.labels, value: series.sum },
          { metricName: `${DURATION_METRIC}_count`, labels: series.labels, value: series.count },
        ];
      }),
    }),
  };
}
