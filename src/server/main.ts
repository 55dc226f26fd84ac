import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirError } from './db/data-dir-lock.js';
import { announceFirstAdmin, ensureFirstAdmin } from './features/auth/first-admin.js';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (process.env.ORDERFLOW_AWAIT_CLIENT) await clientBuilt();
  const app = await buildApp({ config, database });
  announceFirstAdmin(admin, config.publicUrl);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`OrderFlow serving ${config.publicUrl} (${database.kind} database)`);
  // npm start writes the client's precompressed copies after this (scripts/start.mjs).
  if (process.env.ORDERFLOW_AWAIT_CLIENT) process.send?.('serving');
  if (config.paymentsTestMode) {
    app.log.warn(
      'PAYMENTS_TEST_MODE=1: while no Stripe key applies, deposits go through the built-in test checkout, which takes no real payment',
    );
  }
}

/**
 * `npm start` on a fresh clone (scripts/start.mjs) builds the client while this process opens the
 * database; the client's files are read when the app is built, so it waits for the build's message.
 */
function clientBuilt(): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('ORDERFLOW_AWAIT_CLIENT is set by npm start only'));
    process.once('message', (message) => {
      if (message === 'client-built') resolve();
    });
    process.once('disconnect', () => reject(new Error('the client build ended without a client')));
  });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
