import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/project-root.js';
import { retainTickShape } from '../lib/tick-shape.js';
import { holdsDatabase, openDataDir } from './data-dir.js';
import { StorageWatch } from './failures.js';
import { createFromTemplate } from './initdb-template.js';
import { newPglite } from './pglite.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction on it: what a function that may run inside a caller's transaction takes. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** One trivial query; rejects when the database cannot be reached (within a few seconds). */
  ping(): Promise<void>;
  /**
   * A small write that needs new space on the disk (a temporary table's first page), rolled back
   * with nothing left behind: rejects with disk_full while the disk is.
   */
  probeWrite(): Promise<void>;
  /** Whether writes are failing for want of space (see StorageWatch). */
  storage: StorageWatch;
  /**
   * Calls `onMessage` with the payload of every `NOTIFY` on `channel` (PostgreSQL delivers one only
   * when its transaction commits). Resolves once listening; the returned function stops. On a server
   * this is a dedicated connection, not one of the pool, which reconnects with backoff after the
   * connection is lost (a database restart) and listens again, calling `onReconnect` then.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** After the listener lost its connection and listens again: messages in between were missed. */
  onReconnect?: () => void;
  /** A lost connection or a failed attempt to reconnect, for the log. */
  onError?: (err: unknown) => void;
}

export type Unlisten = () => Promise<void>;

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

/** How long `ping` waits for a PostgreSQL server's answer before calling it unreachable. */
const PING_TIMEOUT_MS = 3_000;

async function pingWithin(db: Db, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function probeWrite(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table orderflow_space_probe (filler text) on commit drop`);
    await tx.execute(sql`insert into orderflow_space_probe values (repeat('x', 64))`);
  });
}

const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'drizzle');
// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_ID = 727_001;

/**
 * `url` set: a pg pool on that server. Unset: PGlite in `dataDir/db` (see `openDataDir`: the folder is
 * made private and locked, and an interrupted restore settled), or in memory when dataDir is
 * null; a new one (in memory, or in a folder that holds no database yet) may start from `template`,
 * a data directory dumped by `dumpMigratedTemplate`.
 */
export function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
  template?: Blob;
}): Database {
  // Before the database's start-up collects garbage: see the function.
  retainTickShape();
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? null, options.template);
}

/**
 * A freshly migrated embedded database as one uncompressed tar: starting PGlite from it skips
 * initdb, which is most of the cost of opening a new one (test files each open their own).
 */
export async function dumpMigratedTemplate(): Promise<Blob> {
  const client = newPglite();
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * How long a query waits for a connection (a free one of the pool, or a new one) before it fails as
 * DATABASE_UNAVAILABLE, so that an unreachable server fails requests instead of holding them.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pool whose checked-out connections cannot end the process and cannot leak. pg-pool removes its
 * own 'error' listener from a connection while it is checked out (a transaction, an export's COPY),
 * so a connection lost then would be an unhandled 'error' event. Here each checked-out connection
 * carries a listener that gives it back as broken at once, and a second release (drizzle's, after its
 * failed statements) does nothing: drizzle never releases a connection whose `begin` failed, which
 * would otherwise keep that pool slot forever.
 */
class GuardedPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's connect is overloaded (callback or promise).
  override connect(...args: any[]): any {
    // pool.query checks a connection out with a callback and watches it itself.
    if (typeof args[0] === 'function') return super.connect(args[0]);
    // The callback runs as the connection is handed over, the promise's continuation only later: an
    // error the server sent in the same packet as the previous query's end would find no listener.
    return new Promise<pg.PoolClient>((resolve, reject) => {
      super.connect((err, client) => {
        if (err || !client) reject(err ?? new Error('the pool gave no connection'));
        else resolve(guardCheckedOut(client));
      });
    });
  }
}

function guardCheckedOut(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onLost);
    client.removeListener('end', onEnd);
    release(err);
  };
  const onLost = (err: Error) => giveBack(err);
  const onEnd = () => giveBack(new Error('Connection terminated while checked out'));
  client.on('error', onLost);
  client.on('end', onEnd);
  client.release = giveBack;
  return client;
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new GuardedPool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle pooled connection that dies (a database restart, an administrator's terminate) is an
  // 'error' on the pool, which would end the process without a listener; pg drops that client and
  // the next query opens a new one.
  pool.on('error', (err) => {
    // A connection of a pool being closed can still report its end (a server that drops the database
    // as it goes); nothing is lost then, and nothing will be reopened.
    if (pool.ending) return;
    console.error(`database: an idle connection was lost (${err.message}); the pool opens a new one`);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<Unlisten>();
  return {
    db,
    kind: 'postgres',
    storage: new StorageWatch(),
    probeWrite: () => probeWrite(db),
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
    ping: () => pingWithin(db, PING_TIMEOUT_MS),
    async listen(channel, onMessage, options = {}) {
      const stop = await listenOnServer(url, channel, onMessage, options);
      const unlisten: Unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/** One `pg.Client` outside the pool that LISTENs, and after losing its connection connects again. */
async function listenOnServer(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  options: ListenOptions,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_FIRST_MS;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      if (err) options.onError?.(err);
      retry = setTimeout(() => {
        retry = null;
        connect().then(
          () => options.onReconnect?.(),
          () => {},
        );
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err);
      throw err;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_FIRST_MS;
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside the WebAssembly heap, on top of the
 * operating system's cache of the same files: with 100 000 orders the server held about 380 MB. A
 * folder-backed database reads through that cache anyway, so 16 MB of buffers keeps it near 250 MB
 * (`npm run bench -- embedded-memory`, decision 119). In memory (tests) keeps the defaults.
 */
const ON_DISK_SETTINGS = ['shared_buffers = 16MB'];

function openPglite(dataDir: string | null, template: Blob | undefined): Database {
  let path: string | undefined;
  let release = () => {};
  if (dataDir) ({ databasePath: path, release } = openDataDir(dataDir));
  if (path && !template && !holdsDatabase(path)) createFromTemplate(path);
  const client = newPglite(path, {
    ...(template && { loadDataDir: template }),
    ...(path && { postgresqlconf: ON_DISK_SETTINGS }),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    storage: new StorageWatch(),
    probeWrite: () => probeWrite(db),
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    // In-process, it cannot be out of reach; it may be busy (opening, or one long statement of an
    // import ahead of the ping on its one connection), and a busy database is still ready.
    async ping() {
      await client.waitReady;
      await db.execute(sql`select 1`);
    },
    // In-process: the one connection of this process delivers its own NOTIFYs at commit.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    async close() {
      await client.close();
      release();
    },
  };
}
