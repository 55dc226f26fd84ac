import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database dumped once per run (global-setup.ts); each test file's starts from it. */
    pgliteTemplatePath: string;
  }
}

/**
 * A freshly migrated database for one test file: PGlite in memory by default (started from the
 * run's migrated template, see global-setup.ts), or a new database on the server named by
 * TEST_DATABASE_URL (or `serverUrl`), dropped again by `drop()`.
 */
export async function createTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<Database & { drop(): Promise<void> }> {
  if (!serverUrl) {
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    const database = openDatabase({ dataDir: null, template });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const name = `orderflow_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
