/**
 * Goal: one status change to 1 000 WebSocket clients: p95 latency <= 2x, and messages/s >= 70%, of a
 * bare `ws` broadcast loop sending the same message to 1 000 clients.
 *
 * Full side: an admin's PATCH /api/admin/orders/:id/status through the whole stack (session, route,
 * changeItemStatus's transaction, NOTIFY at commit, the listener, the hub) to 1 000 sockets of the
 * order's owner. Reference: POST /broadcast to node:http + ws, which loops over its 1 000 clients.
 * Latency is from just before the trigger request to each client's receipt, on this process's clock;
 * messages/s is 1 000 over the time until the last client received. Each server runs in its own
 * process on its own core; the runs alternate sides, each after a pause that lets the previous one's
 * after-work finish; figures are medians of the 15 measured runs (5 left a spread of 30 points).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';

const CLIENTS = 1000;
const WARM_UP_RUNS = 3;
const RUNS = 15;
const P95_GOAL_RATIO = 2;
const RATE_GOAL_PERCENT = 70;
const RUN_TIMEOUT_MS = 10_000;
/**
 * Before each measured run: the full server's work after a change (the mail and webhook outboxes
 * wake up about 50 ms later) would otherwise land in the next run, on whichever side that is.
 */
const SETTLE_MS = 150;

type Side = 'full' | 'bare';

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

interface Fleet {
  sockets: WebSocket[];
  /** Resolves with each client's latency in ms once all have a message after `start`. */
  measure(start: number): Promise<number[]>;
  close(): void;
}

async function connectFleet(url: string, headers: Record<string, string>, origin: string): Promise<Fleet> {
  const sockets: WebSocket[] = [];
  let arrivals: number[] = [];
  let pending: { resolve: () => void } | null = null;
  const opening: Promise<void>[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const ws = new WebSocket(url, { headers, origin, perMessageDeflate: false });
    ws.on('message', () => {
      arrivals.push(performance.now());
      if (arrivals.length === CLIENTS) pending?.resolve();
    });
    opening.push(
      new Promise((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
    );
    sockets.push(ws);
    // Opened in batches, so the accept backlog never overflows.
    if (opening.length % 100 === 0) await Promise.all(opening.slice(-100));
  }
  await Promise.all(opening);
  return {
    sockets,
    measure(start) {
      arrivals = [];
      return new Promise<number[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${arrivals.length} of ${CLIENTS} clients received the update`)),
          RUN_TIMEOUT_MS,
        );
        pending = {
          resolve: () => {
            clearTimeout(timer);
            pending = null;
            resolve(arrivals.map((at) => at - start));
          },
        };
      });
    },
    close() {
      for (const ws of sockets) ws.terminate();
    },
  };
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

export const wsFanoutBenchmark: Benchmark = {
  name: 'ws-fanout',
  async run() {
    const servers: ServerProcess[] = [];
    const fleets: Fleet[] = [];
    try {
      const adminToken = randomBytes(32).toString('base64url');
      const customerToken = randomBytes(32).toString('base64url');
      const full = await startServerProcess(script('ws-fanout-full'), {
        env: { BENCH_ADMIN_TOKEN: adminToken, BENCH_CUSTOMER_TOKEN: customerToken },
      });
      servers.push(full);
      const bare = await startServerProcess(script('ws-fanout-bare'));
      servers.push(bare);

      const adminHeaders = { cookie: `orderflow_session=${adminToken}`, 'content-type': 'application/json' };
      const listed = await fetch(`${full.url}/api/admin/orders?q=VH9901`, { headers: adminHeaders });
      const page = (await listed.json()) as { items?: { id: number }[] };
      const orderId = page.items?.[0]?.id;
      if (!orderId) throw new Error(`the bench order was not found: ${JSON.stringify(page)}`);

      const wsUrl = (server: ServerProcess) => `${server.url.replace(/^http/, 'ws')}/ws?t=${Date.now()}`;
      const fullFleet = await connectFleet(
        wsUrl(full),
        { cookie: `orderflow_session=${customerToken}` },
        full.url,
      );
      fleets.push(fullFleet);
      const bareFleet = await connectFleet(wsUrl(bare), {}, bare.url);
      fleets.push(bareFleet);

      let status = 'SITE_PREP';
      const trigger: Record<Side, () => Promise<Response>> = {
        full: () => {
          status = status === 'PRODUCTION' ? 'SITE_PREP' : 'PRODUCTION';
          return fetch(`${full.url}/api/admin/orders/${orderId}/status`, {
            method: 'PATCH',
            headers: adminHeaders,
            body: JSON.stringify({ status }),
          });
        },
        bare: () => fetch(`${bare.url}/broadcast`, { method: 'POST' }),
      };
      const fleet: Record<Side, Fleet> = { full: fullFleet, bare: bareFleet };

      const once = async (side: Side) => {
        const start = performance.now();
        const received = fleet[side].measure(start);
        const res = await trigger[side]();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${side} trigger answered ${res.status}`);
        const latencies = await received;
        return { p95: p95(latencies), rate: CLIENTS / (Math.max(...latencies) / 1000) };
      };

      for (let i = 0; i < WARM_UP_RUNS; i++) {
        await once('full');
        await once('bare');
      }
      const results: Record<Side, { p95: number[]; rate: number[] }> = {
        full: { p95: [], rate: [] },
        bare: { p95: [], rate: [] },
      };
      for (let i = 0; i < RUNS; i++) {
        const order = i % 2 === 0 ? (['full', 'bare'] as const) : (['bare', 'full'] as const);
        for (const side of order) {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const result = await once(side);
          results[side].p95.push(result.p95);
          results[side].rate.push(result.rate);
        }
      }

      const fullP95 = median(results.full.p95);
      const bareP95 = median(results.bare.p95);
      const fullRate = median(results.full.rate);
      const bareRate = median(results.bare.rate);
      const p95Ratio = fullP95 / bareP95;
      const ratePercent = percent(fullRate, bareRate);
      const p95Passed = p95Ratio <= P95_GOAL_RATIO;
      const ratePassed = ratePercent >= RATE_GOAL_PERCENT;
      return {
        passed: p95Passed && ratePassed,
        lines: [
          `ws-fanout: p95 to ${CLIENTS} clients ${fullP95.toFixed(1)} ms vs bare ws ${bareP95.toFixed(1)} ms = ${p95Ratio.toFixed(2)}x (goal <= ${P95_GOAL_RATIO}x) ${verdict(p95Passed)}`,
          `ws-fanout: ${formatInt(fullRate)} messages/s vs bare ws ${formatInt(bareRate)} messages/s = ${formatPercent(ratePercent)} (goal >= ${RATE_GOAL_PERCENT}%) ${verdict(ratePassed)}`,
          `  (median of ${RUNS} runs after ${WARM_UP_RUNS} warm-up runs; full side: admin PATCH, PGlite transaction, NOTIFY, hub)`,
        ],
      };
    } finally {
      for (const f of fleets) f.close();
      await Promise.all(servers.map((s) => s.stop()));
    }
  },
};
