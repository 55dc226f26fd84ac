/**
 * The product's whole HTTP stack serving GET /api/admin/orders: PostgreSQL when BENCH_DATABASE_URL is
 * set (pool of BENCH_POOL_SIZE), else the embedded PGlite in BENCH_DATA_DIR, already seeded by the
 * benchmark. Silent logger, no client folder.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { announceListening } from '../lib/server-process.js';

const url = process.env.BENCH_DATABASE_URL;
const database = url
  ? openDatabase({ url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) })
  : openDatabase({ dataDir: process.env.BENCH_DATA_DIR ?? null });
const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: null });
await app.listen({ port: 0, host: '127.0.0.1' });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

announceListening((app.server.address() as AddressInfo).port);
