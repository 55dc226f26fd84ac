/**
 * Goal: GET /healthz through the full stack >= 90% of the requests/s of a bare node:http server
 * answering the same JSON, in every run. Each server runs in its own process; the runs alternate so
 * that drift in the machine (thermal, other load) hits both sides alike; each run's ratio is the full
 * stack's rate over the bare server's in the same round, and the median is printed beside them.
 * Fastify alone (bench/servers/healthz-fastify.ts) runs in the same rounds, printed and not judged: it
 * says how much of the gap is the framework's own and how much the product's plugins and hooks.
 */
import { fileURLToPath } from 'node:url';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { type LoadOptions, load } from '../lib/load.js';
import { type ServerProcess, startServerProcess } from '../lib/server-process.js';
import { formatInt, formatPercent, median, percent } from '../lib/stats.js';

const GOAL_PERCENT = 90;
const RUNS = 3;
const LOAD: LoadOptions = { connections: 50, pipelining: 1, duration: 5 };
const WARM_UP: LoadOptions = { ...LOAD, duration: 2 };

type Side = 'full' | 'bare' | 'fastify';

const SIDES: Side[] = ['full', 'bare', 'fastify'];

const script = (name: string) => fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url));

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function responseHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  const body = await response.json();
  if (response.status !== 200 || body?.status !== 'ok') {
    throw new Error(`${url} answered ${response.status} ${JSON.stringify(body)}`);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  return headers;
}

export const healthzBenchmark: Benchmark = {
  name: 'healthz',
  async run() {
    const servers: ServerProcess[] = [];
    try {
      const full = await startServerProcess(script('healthz-full'));
      servers.push(full);
      const headers = await responseHeaders(`${full.url}/healthz`);
      // A reference answers with the full stack's headers, so the comparison is not about header bytes.
      const reference = async (name: string, label: string) => {
        const server = await startServerProcess(script(name), {
          env: { BENCH_RESPONSE_HEADERS: JSON.stringify(headers) },
        });
        servers.push(server);
        const sent = await responseHeaders(`${server.url}/healthz`);
        if (Object.keys(sent).length !== Object.keys(headers).length) {
          throw new Error(`${label} does not send the same headers as the full stack`);
        }
        return server;
      };
      const bare = await reference('healthz-bare', 'the bare server');
      const fastify = await reference('healthz-fastify', 'Fastify alone');

      const sides = { full, bare, fastify };
      const url = (side: Side) => `${sides[side].url}/healthz`;
      for (const side of SIDES) await load(url(side), WARM_UP);

      const rates: Record<Side, number[]> = { full: [], bare: [], fastify: [] };
      const cpu: Record<Side, number[]> = { full: [], bare: [], fastify: [] };
      for (let i = 0; i < RUNS; i++) {
        // Rotate which side goes first, so none always runs on the warmer machine.
        const order = [...SIDES.slice(i % SIDES.length), ...SIDES.slice(0, i % SIDES.length)];
        for (const side of order) {
          const result = await load(url(side), { ...LOAD, cpuMicros: sides[side].cpuMicros });
          rates[side].push(result.requestsPerSecond);
          cpu[side].push(result.cpuMicrosPerRequest);
        }
      }

      const fullRate = median(rates.full);
      const bareRate = median(rates.bare);
      const ratio = percent(fullRate, bareRate);
      const perRun = rates.full.map((rate, i) => percent(rate, rates.bare[i] ?? Number.NaN));
      const passed = perRun.every((r) => r >= GOAL_PERCENT);
      const fullCpu = median(cpu.full);
      const bareCpu = median(cpu.bare);
      const fastifyCpu = median(cpu.fastify);
      const fastifyRate = median(rates.fastify);
      const fastifyPerRun = rates.fastify.map((rate, i) => percent(rate, rates.bare[i] ?? Number.NaN));
      return {
        passed,
        budgets: [
          {
            budget: 'healthz',
            figure: `${perRun.map(formatPercent).join(', ')} in the ${RUNS} runs (median full ${formatInt(fullRate)} vs bare ${formatInt(bareRate)} req/s); Fastify alone, no plugin or hook, ${fastifyPerRun.map(formatPercent).join(', ')}`,
            met: passed,
          },
        ],
        lines: [
          `healthz: full stack ${formatInt(fullRate)} req/s vs bare ${formatInt(bareRate)} req/s = ${formatPercent(ratio)} (median); runs ${perRun.map(formatPercent).join(', ')} (goal >= ${GOAL_PERCENT}% in every run) ${verdict(passed)}`,
          `  runs (req/s): full ${rates.full.map(formatInt).join(', ')}; bare ${rates.bare.map(formatInt).join(', ')}; ${Object.keys(headers).length} response headers on both`,
          // Server CPU per request hardly moves when other work shares the machine, unlike req/s; when
          // the two ratios disagree, the machine was busy and the CPU figure is the one to trust.
          Number.isFinite(fullCpu) && Number.isFinite(bareCpu)
            ? `  server CPU per request: full ${fullCpu.toFixed(1)} µs vs bare ${bareCpu.toFixed(1)} µs (bare/full = ${formatPercent(percent(bareCpu, fullCpu))})`
            : '  server CPU per request: not measured (needs /proc)',
          `  Fastify alone (no plugin, no hook; not judged): ${formatInt(fastifyRate)} req/s = ${formatPercent(percent(fastifyRate, bareRate))} of bare (runs ${fastifyPerRun.map(formatPercent).join(', ')}); the full stack is ${formatPercent(percent(fullRate, fastifyRate))} of it` +
            (Number.isFinite(fastifyCpu) ? `; CPU per request ${fastifyCpu.toFixed(1)} µs` : ''),
        ],
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
};
