/**
 * The product's whole HTTP stack (every plugin and hook of buildApp) on an in-memory PGlite, with a
 * silent logger and no client folder: the server side of the /healthz benchmark.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { announceListening } from '../lib/server-process.js';

const database = openDatabase({ dataDir: null });
await database.migrate();
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
