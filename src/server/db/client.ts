import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction on it: what a function that may run inside a caller's transaction takes. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The handles opened on PGlite: only this process writes to them (see `isEmbedded`). */
const embedded = new WeakSet<object>();

/**
 * True for a database embedded in this process (PGlite): one connection, so queries run one at a
 * time and never alongside a transaction, and every write comes from this process. Features may keep
 * derived results (e.g. counts) that would not pay on a PostgreSQL server.
 */
export function isEmbedded(db: Db): boolean {
  return embedded.has(db);
}

const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_ID = 727_001;

/** `url` set: a pg pool on that server. Unset: PGlite in `dataDir/db`, or in memory when dataDir is null. */
export function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
}): Database {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? null);
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

function openPglite(dataDir: string | null): Database {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'db');
    mkdirSync(path, { recursive: true });
  }
  const client = new PGlite(path);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
