import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDatabase } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { newPglite } from './pglite.js';

/**
 * One file holds a whole database. It starts with one line naming what follows:
 * - `pglite-datadir`: the embedded database's data folder as PGlite dumps it (a gzipped tar);
 * - `pg_dump`: pg_dump's custom format, restored by pg_restore;
 * - `copy`: the server's tables as gzipped COPY text, written through the pg driver when no
 *   usable pg_dump is installed.
 */
const MAGIC = 'ORDERFLOW-BACKUP 1';
export type BackupKind = 'pglite-datadir' | 'pg_dump' | 'copy';

export type BackupSource = { url: string } | { dataDir: string };

export class BackupError extends Error {}

/** Writes the whole database to `file` (through a temporary file: a failed backup leaves none). */
export async function backupDatabase(
  source: BackupSource,
  file: string,
  options: { method?: 'pg_dump' | 'copy' } = {},
): Promise<BackupKind> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const kind =
      'dataDir' in source
        ? await backupEmbedded(source.dataDir, partial)
        : await backupServer(source.url, partial, options.method);
    await rename(partial, file);
    return kind;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** Replaces the whole database with the one in `file`. */
export async function restoreDatabase(target: BackupSource, file: string): Promise<BackupKind> {
  const { kind, offset } = await readHeader(file);
  if ('dataDir' in target) {
    if (kind !== 'pglite-datadir') {
      throw new BackupError(
        `${file} is a backup of a PostgreSQL server (${kind}): restore it with DATABASE_URL set`,
      );
    }
    await restoreEmbedded(target.dataDir, file, offset);
  } else if (kind === 'pglite-datadir') {
    throw new BackupError(`${file} is a backup of an embedded database: restore it without DATABASE_URL`);
  } else if (kind === 'pg_dump') {
    await restoreWithPgRestore(target.url, file, offset);
  } else {
    await restoreCopy(target.url, file, offset);
  }
  return kind;
}

async function writeHeader(file: string, kind: BackupKind) {
  await writeFile(file, `${MAGIC} ${kind}\n`);
}

async function readHeader(file: string): Promise<{ kind: BackupKind; offset: number }> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`${file} cannot be read`);
  });
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const end = text.indexOf('\n');
    const match = end > 0 && new RegExp(`^${MAGIC} (pglite-datadir|pg_dump|copy)$`).exec(text.slice(0, end));
    if (!match) throw new BackupError(`${file} is not an OrderFlow backup`);
    return { kind: match[1] as BackupKind, offset: end + 1 };
  } finally {
    await handle.close();
  }
}

// ---- embedded database ------------------------------------------------------------------------

/**
 * The data folder is opened like the server opens it, lock included: a running server keeps it
 * (two processes on one folder corrupt it), so the copy is taken with the server stopped.
 */
async function backupEmbedded(dataDir: string, file: string): Promise<BackupKind> {
  if (!(await exists(join(dataDir, 'db', 'PG_VERSION')))) {
    throw new BackupError(`No embedded database in ${join(dataDir, 'db')}`);
  }
  const database = openDatabase({ dataDir });
  try {
    await database.ping();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    await writeHeader(file, 'pglite-datadir');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'a' });
    return 'pglite-datadir';
  } finally {
    await database.close();
  }
}

/**
 * The folder's lock is taken first, so a running server makes the restore stop before anything is
 * touched. The current database is kept beside the new one until the new one has opened.
 */
async function restoreEmbedded(dataDir: string, file: string, offset: number) {
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  const path = join(dataDir, 'db');
  const previous = join(dataDir, `db.before-restore-${Date.now()}`);
  const hadDatabase = await exists(path);
  try {
    if (hadDatabase) await rename(path, previous);
    await mkdir(path, { recursive: true });
    const archive = (await readFile(file)).subarray(offset);
    const client = newPglite(path, { loadDataDir: new Blob([archive]) });
    await client.query('select 1');
    await client.close();
    if (hadDatabase) await rm(previous, { recursive: true, force: true });
  } catch (err) {
    if (hadDatabase) {
      await rm(path, { recursive: true, force: true });
      await rename(previous, path);
    }
    throw err;
  } finally {
    release();
  }
}

// ---- PostgreSQL server ------------------------------------------------------------------------

const run = promisify(execFile);

/** The connection for pg_dump/pg_restore: the password in the environment, never on the command line. */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/** pg_dump's major version when it is installed and can read this server (its major ≥ the server's). */
async function usablePgDump(url: string): Promise<boolean> {
  let toolMajor: number;
  try {
    const { stdout } = await run('pg_dump', ['--version']);
    toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1] ?? 0);
  } catch {
    return false;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return toolMajor >= Math.floor(Number(rows[0]?.server_version_num ?? 0) / 10_000);
  } finally {
    await client.end();
  }
}

async function backupServer(url: string, file: string, method?: 'pg_dump' | 'copy'): Promise<BackupKind> {
  const usePgDump = method ? method === 'pg_dump' : await usablePgDump(url);
  if (!usePgDump) {
    await backupCopy(url, file);
    return 'copy';
  }
  await writeHeader(file, 'pg_dump');
  const { dbname, env } = pgConnection(url);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors = collect(child.stderr);
  await Promise.all([
    pipeline(child.stdout, createWriteStream(file, { flags: 'a' })),
    exited(child, 'pg_dump', errors),
  ]);
  return 'pg_dump';
}

async function restoreWithPgRestore(url: string, file: string, offset: number) {
  const { dbname, env } = pgConnection(url);
  const child = spawn(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const errors = collect(child.stderr);
  await Promise.all([
    pipeline(createReadStream(file, { start: offset }), child.stdin),
    exited(child, 'pg_restore', errors),
  ]);
}

function collect(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.on('data', (chunk) => {
    if (text.length < 4_000) text += String(chunk);
  });
  return () => text.trim();
}

async function exited(child: ReturnType<typeof spawn>, name: string, errors: () => string) {
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new BackupError(`${name} failed (exit ${code}): ${errors() || 'no message'}`);
}

// ---- COPY through the pg driver ---------------------------------------------------------------

interface CopyManifest {
  /** Migrations applied in the backed-up database: a restore needs the same schema. */
  migrations: number;
  /** In an order that inserts referenced rows before the rows referring to them. */
  tables: { name: string; columns: string[] }[];
}

const quote = (name: string) => pg.escapeIdentifier(name);

async function readManifest(client: pg.ClientBase): Promise<CopyManifest> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname`,
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const migrations = await client.query<{ n: string }>(
    'select count(*) as n from drizzle.__drizzle_migrations',
  );
  const unquote = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows) {
    const set = parents.get(unquote(child)) ?? new Set();
    if (unquote(parent) !== unquote(child)) set.add(unquote(parent));
    parents.set(unquote(child), set);
  }
  const ordered: CopyManifest['tables'] = [];
  const placed = new Set<string>();
  const remaining = [...tables.rows].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const index = remaining.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)));
    const [next] = remaining.splice(index === -1 ? 0 : index, 1);
    if (!next) break;
    ordered.push(next);
    placed.add(next.name);
  }
  return { migrations: Number(migrations.rows[0]?.n ?? 0), tables: ordered };
}

/** Every table of the schema as COPY text, read in one snapshot, gzipped. */
async function backupCopy(url: string, file: string) {
  await writeHeader(file, 'copy');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { flags: 'a' }));
  try {
    await client.query('begin isolation level repeatable read read only');
    const manifest = await readManifest(client);
    gzip.write(`${JSON.stringify(manifest)}\n`);
    for (const table of manifest.tables) {
      gzip.write(`\\table ${table.name}\n`);
      const columns = table.columns.map(quote).join(', ');
      const stream = client.query(copyTo(`copy public.${quote(table.name)} (${columns}) to stdout`));
      for await (const chunk of stream) {
        if (!gzip.write(chunk)) await once(gzip, 'drain');
      }
      gzip.write('\\.\n');
    }
    await client.query('commit');
    gzip.end();
    await written;
  } catch (err) {
    gzip.destroy();
    await written.catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * Brings the schema to this version's migrations, checks the backup was made at the same level, then
 * in one transaction empties every table, copies the rows in and moves each sequence past its rows.
 */
async function restoreCopy(url: string, file: string, offset: number) {
  const database = openDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lines = createInterface({
    input: createReadStream(file, { start: offset }).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  // Taken at once: lines read before the iterator exists would be lost.
  const iterator = lines[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    const manifest = JSON.parse(first.done ? '{}' : first.value) as CopyManifest;
    const here = await readManifest(client);
    if (manifest.migrations !== here.migrations) {
      throw new BackupError(
        `The backup was made at schema version ${manifest.migrations}, this database is at ${here.migrations}: restore it with the OrderFlow version that made it`,
      );
    }
    await client.query('begin');
    const names = here.tables.map((t) => `public.${quote(t.name)}`).join(', ');
    if (names) await client.query(`truncate ${names} restart identity cascade`);
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const name = /^\\table (.+)$/.exec(next.value)?.[1];
      const table = manifest.tables.find((t) => t.name === name);
      if (!table) throw new BackupError(`${file} is damaged: unexpected line ${next.value.slice(0, 80)}`);
      const columns = table.columns.map(quote).join(', ');
      const sink = client.query(copyFrom(`copy public.${quote(table.name)} (${columns}) from stdin`));
      const done = once(sink, 'finish');
      for (;;) {
        const row = await iterator.next();
        if (row.done) throw new BackupError(`${file} is damaged: table ${table.name} does not end`);
        if (row.value === '\\.') break;
        if (!sink.write(`${row.value}\n`)) await once(sink, 'drain');
      }
      sink.end();
      await done;
    }
    const sequences = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
    );
    for (const { table_name, column_name } of sequences.rows) {
      const table = `public.${quote(table_name)}`;
      const column = quote(column_name);
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${column}), 1), max(${column}) is not null) from ${table}`,
        [table, column_name],
      );
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    lines.close();
    await client.end();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
