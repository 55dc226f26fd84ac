/**
 * Goal for a bulk status change of about 30 000 units over a filter, as one job (DESIGN section 10):
 * the full stack (POST /api/admin/orders/bulk, then GET /api/admin/jobs/:id until done) >= 50% of the
 * units/s of hand-written set-based SQL doing the same writes in one transaction on the same kind of
 * data: the units, one event per unit, the orders' status, one audit entry and the owners' stage-change
 * mails in the outbox (no automation URL is set, so neither side queues webhooks). Each side has its
 * own PostgreSQL database seeded alike; every run moves every unit (the stages alternate), so each run
 * writes the same amount.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { stageChangeMail } from '../../src/server/mail/templates.js';
import { STAGE_LABELS, type Stage } from '../../src/shared/stages.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type BenchDatabase, createPostgresDatabase } from '../lib/databases.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';
import { prepare } from './admin-orders.js';

/** About 1.25 units an order in the bulk seed: 24 000 orders hold about 30 000 units. */
const ORDER_COUNT = 24_000;
const RUNS = 3;
const GOAL_PERCENT = 50;
const TARGETS: Stage[] = ['DELIVERED', 'PRODUCTION'];

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

async function unitCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from order_items');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The full stack: one job over every order, timed from the request to the job's `done`. */
async function fullRun(server: ServerProcess, cookie: string, status: Stage): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/orders/bulk`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ filter: {}, action: 'status', status }),
  });
  const body = (await response.json()) as { jobId: number };
  if (response.status !== 202) throw new Error(`the bulk job did not start: ${JSON.stringify(body)}`);
  for (;;) {
    const job = (await (
      await fetch(`${server.url}/api/admin/jobs/${body.jobId}`, { headers: { cookie } })
    ).json()) as { state: string; message: string };
    if (job.state === 'done') return performance.now() - started;
    if (job.state === 'failed') throw new Error(`the bulk job failed: ${job.message}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The reference: the same writes by hand in one transaction. The mail's subject, text and HTML are the
 * product's template rendered once with markers the SQL replaces per order, so each row is as large.
 */
async function bareRun(url: string, status: Stage): Promise<number> {
  const marker = stageChangeMail({
    to: 'x',
    locale: 'en',
    orderId: 0,
    orderNumber: '@@ORDER@@',
    productName: '@@PRODUCT@@',
    quantity: 1,
    itemNumbers: [1],
    stageLabel: STAGE_LABELS[status],
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query('select id from orders order by id for update');
    await client.query(
      `with target as (
         select id, order_id, item_number, status as from_status from order_items where status <> $1
       ),
       moved as (
         update order_items i set status = $1, status_changed_at = $2, updated_at = $2
         from target t where i.id = t.id
         returning i.id, i.order_id, i.item_number, t.from_status
       ),
       logged as (
         insert into event_logs (order_id, order_item_id, timestamp, stage, type, data, initiated_by)
         select order_id, id, $2, $1, 'ORDER_ITEM_STATUS_UPDATED',
           jsonb_build_object('type', 'ORDER_ITEM_STATUS_UPDATED', 'itemNumber', item_number,
             'orderItemId', id, 'oldStatus', from_status, 'status', $1::text), 'admin:1'
         from moved
       ),
       touched as (
         update orders o set status = $1, updated_at = $2 where o.id in (select order_id from moved)
         returning o.id, o.order_id, o.user_id, o.product_name
       ),
       mailed as (
         insert into mail_outbox (kind, "to", subject, text, html, dedupe_key, next_attempt_at, created_at)
         select 'stage-change', u.email,
           replace(replace($3, '@@ORDER@@', t.order_id), '@@PRODUCT@@', t.product_name),
           replace(replace($4, '@@ORDER@@', t.order_id), '@@PRODUCT@@', t.product_name),
           replace(replace($5, '@@ORDER@@', t.order_id), '@@PRODUCT@@', t.product_name),
           'stage-change:' || t.id || ':' || $1 || ':' || $2, $2, $2
         from touched t join users u on u.id = t.user_id
         where (u.notification_prefs ->> 'email')::boolean
         on conflict (dedupe_key) do nothing
       )
       insert into audit_log (actor_id, actor_email, action, target_type, target_id, changes)
       values (1, 'bench-admin@example.com', 'bulk_job.status_changed', 'bulk_job', '1',
         jsonb_build_object('status', $1::text, 'filter', '{}'::jsonb))`,
      [status, new Date().toISOString(), marker.subject, marker.text, marker.html ?? ''],
    );
    await client.query('commit');
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

export const bulkStatusBenchmark: Benchmark = {
  name: 'bulk-status',
  async run() {
    const running: ServerProcess[] = [];
    const targets: BenchDatabase[] = [];
    try {
      const full = await createPostgresDatabase('bulk_full');
      targets.push(full);
      const bare = await createPostgresDatabase('bulk_bare');
      targets.push(bare);
      const [cookie] = await Promise.all([prepare(full, ORDER_COUNT), prepare(bare, ORDER_COUNT)]);
      const units = await unitCount(full.url ?? '');
      const server = await startServerProcess(script('admin-orders-full'), {
        env: { BENCH_DATABASE_URL: full.url ?? '', BENCH_POOL_SIZE: '10' },
        startTimeoutMs: 120_000,
      });
      running.push(server);
      // A warm-up run each, after which every unit is at the first target: each measured run moves all.
      await fullRun(server, cookie, TARGETS[0] as Stage);
      await bareRun(bare.url ?? '', TARGETS[0] as Stage);
      const fullMs: number[] = [];
      const bareMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const status = TARGETS[(i + 1) % TARGETS.length] as Stage;
        if (i % 2 === 0) {
          fullMs.push(await fullRun(server, cookie, status));
          bareMs.push(await bareRun(bare.url ?? '', status));
        } else {
          bareMs.push(await bareRun(bare.url ?? '', status));
          fullMs.push(await fullRun(server, cookie, status));
        }
      }
      const rate = (ms: number) => (units / ms) * 1000;
      const fullRate = median(fullMs.map(rate));
      const bareRate = median(bareMs.map(rate));
      const ratio = percent(fullRate, bareRate);
      const passed = ratio >= GOAL_PERCENT;
      return {
        passed,
        budgets: [
          {
            budget: 'bulk-status',
            figure: `${formatPercent(ratio)} (${formatInt(fullRate)} vs ${formatInt(bareRate)} units/s, ${formatInt(units)} units a run)`,
            met: passed,
          },
        ],
        lines: [
          `bulk-status: ${formatInt(ORDER_COUNT)} orders, ${formatInt(units)} units moved per run (one job over the whole list), PostgreSQL`,
          `  full stack ${formatInt(fullRate)} units/s vs hand-written SQL in one transaction ${formatInt(bareRate)} units/s = ${formatPercent(ratio)} (goal >= ${GOAL_PERCENT}%) ${verdict(passed)}`,
          `  runs (s): full ${fullMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}; bare ${bareMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}`,
        ],
      };
    } finally {
      await Promise.all(running.map((server) => server.stop()));
      await Promise.all(targets.map((target) => target.drop()));
    }
  },
};
