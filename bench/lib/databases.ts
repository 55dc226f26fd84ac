import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.js';

/** The machine's PostgreSQL server; BENCH_POSTGRES_URL names another. */
export const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  /** Where a server process finds it: a connection URL, or a PGlite data folder. */
  url?: string;
  dataDir?: string;
  /** Opens it, migrated, in this process (close before a server process opens a PGlite folder). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server, named for this benchmark and process. */
export async function createPostgresDatabase(name: string): Promise<BenchDatabase> {
  const database = `bench_${name}_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async open() {
      const opened = openDatabase({ url: url.toString(), poolSize: 4 });
      await opened.migrate();
      return opened;
    },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

/** A fresh PGlite data folder under the system's temporary directory. */
export function createPgliteDatabase(name: string): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  return {
    dataDir,
    async open() {
      const opened = openDatabase({ dataDir });
      await opened.migrate();
      return opened;
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
