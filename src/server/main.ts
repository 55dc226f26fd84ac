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
  const app = await buildApp({ config, database });

  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
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
  if (config.paymentsTestMode) {
    app.log.warn(
      'PAYMENTS_TEST_MODE=1: while no Stripe key applies, deposits go through the built-in test checkout, which takes no real payment',
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
