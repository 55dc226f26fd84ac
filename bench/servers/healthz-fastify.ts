/**
 * Fastify alone, as the product configures its core (a silent logger), answering GET /healthz with the
 * same JSON and headers (BENCH_RESPONSE_HEADERS, as captured from the full stack) and nothing else: no
 * plugin, no hook. The /healthz benchmark runs it beside the other two to show how much of the full
 * stack's cost is the framework's own and how much is the product's plugins and hooks.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { announceListening } from '../lib/server-process.js';

const headers: Record<string, string> = JSON.parse(process.env.BENCH_RESPONSE_HEADERS ?? '{}');
const app = Fastify({ logger: { level: 'silent' } });
app.get('/healthz', (_request, reply) => {
  reply.headers(headers);
  // Sent as text with its content type, as the full stack's serialised answer is.
  reply.send(JSON.stringify({ status: 'ok' }));
});
await app.listen({ port: 0, host: '127.0.0.1' });

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

announceListening((app.server.address() as AddressInfo).port);
