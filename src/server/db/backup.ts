import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, type Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  deriveKey,
  newSalt,
  openingStream,
  SCRYPT_COST,
  type ScryptCost,
  SEALING,
  SegmentCheckError,
  sealingStream,
} from './backup-sealing.js';
import { openDatabase } from './client.js';
import {
  DATABASE_FOLDER,
  makePrivateFolder,
  openDataDir,
  PREVIOUS_FOLDER,
  RESTORING_FOLDER,
} from './data-dir.js';
import { newPglite } from './pglite.js';

/**
 * One file holds a whole database. It starts with one line naming what follows:
 * - `pglite-datadir`: the embedded database's data folder as PGlite dumps it (a gzipped tar);
 * - `pg_dump`: pg_dump's custom format, restored by pg_restore;
 * - `copy`: the server's tables as gzipped COPY text, written through the pg driver when no
 *   usable pg_dump is installed.
 * With BACKUP_KEY the line goes on with how the rest is encrypted: `aes-256-gcm scrypt=N,r,p
 * salt=<base64>` (see backup-sealing.ts). The file is its owner's only (mode 0600).
 */
const MAGIC = 'ORDERFLOW-BACKUP 1';
const HEADER = new RegExp(
  `^${MAGIC} (pglite-datadir|pg_dump|copy)(?: ${SEALING} scrypt=(\\d+),(\\d+),(\\d+) salt=([A-Za-z0-9+/]+=*))?$`,
);
export type BackupKind = 'pglite-datadir' | 'pg_dump' | 'copy';

export type BackupSource = { url: string } | { dataDir: string };

export class BackupError extends Error {}

/** The points of a restore at which `onStep` is called (tests stop a restore there). */
export type RestoreStep = 'extracted' | 'checked' | 'set-aside' | 'swapped' | 'rows-copied';

export interface BackupOptions {
  method?: 'pg_dump' | 'copy';
  /** BACKUP_KEY: the backup is encrypted with it. */
  key?: string;
}

export interface RestoreOptions {
  /** BACKUP_KEY: needed for an encrypted backup. */
  key?: string;
  onStep?: (step: RestoreStep) => void | Promise<void>;
}

const PRIVATE_FILE = 0o600;

/**
 * Writes the whole database to `file` (through a temporary file: a failed backup leaves none),
 * readable by its owner only; a folder it creates for it is its owner's only too.
 */
export async function backupDatabase(
  source: BackupSource,
  file: string,
  options: BackupOptions = {},
): Promise<BackupKind> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    await rm(partial, { force: true });
    const kind =
      'dataDir' in source
        ? await backupEmbedded(source.dataDir, partial, options.key)
        : await backupServer(source.url, partial, options);
    await chmod(partial, PRIVATE_FILE);
    await rename(partial, file);
    return kind;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * Replaces the whole database with the one in `file`, all or nothing: a restore that fails, or is
 * killed, leaves the database as it was (decision 206).
 */
export async function restoreDatabase(
  target: BackupSource,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupKind> {
  const header = await readHeader(file);
  const { kind } = header;
  if ('dataDir' in target && kind !== 'pglite-datadir') {
    throw new BackupError(
      `${file} is a backup of a PostgreSQL server (${kind}): restore it with DATABASE_URL set`,
    );
  }
  if ('url' in target && kind === 'pglite-datadir') {
    throw new BackupError(`${file} is a backup of an embedded database: restore it without DATABASE_URL`);
  }
  const payload = await payloadReader(file, header, options.key);
  // A wrong key shows in the first segment: refused here, before anything is touched.
  await payload.check();
  const onStep = options.onStep ?? (() => {});
  if ('dataDir' in target) await restoreEmbedded(target.dataDir, payload, onStep);
  else if (kind === 'pg_dump') await restoreWithPgRestore(target.url, payload);
  else await restoreCopy(target.url, file, payload, onStep);
  return kind;
}

interface Header {
  kind: BackupKind;
  line: string;
  /** Where the payload starts. */
  offset: number;
  sealing?: { cost: ScryptCost; salt: Buffer };
}

async function readHeader(file: string): Promise<Header> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`${file} cannot be read`);
  });
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const end = text.indexOf('\n');
    const line = end > 0 ? text.slice(0, end) : '';
    const match = HEADER.exec(line);
    if (!match) throw new BackupError(`${file} is not an OrderFlow backup`);
    const [, kind, n, r, p, salt] = match;
    // A cost written by this product or a later one that raised it; a huge one would only exhaust memory.
    if (salt && !(Number(n) <= 2 ** 20 && Number(r) <= 32 && Number(p) <= 16)) {
      throw new BackupError(`${file} asks for a key derivation cost this version does not accept`);
    }
    return {
      kind: kind as BackupKind,
      line,
      offset: end + 1,
      ...(salt && {
        sealing: { cost: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64') },
      }),
    };
  } finally {
    await handle.close();
  }
}

/** Starts `file` with its header line; returns what the payload must pass through before the file. */
async function startFile(file: string, kind: BackupKind, key: string | undefined): Promise<Transform[]> {
  let line = `${MAGIC} ${kind}`;
  const stages: Transform[] = [];
  if (key) {
    const salt = newSalt();
    const { N, r, p } = SCRYPT_COST;
    line += ` ${SEALING} scrypt=${N},${r},${p} salt=${salt.toString('base64')}`;
    stages.push(sealingStream(await deriveKey(key, salt, SCRYPT_COST), line));
  }
  await writeFile(file, `${line}\n`, { flag: 'wx', mode: PRIVATE_FILE });
  return stages;
}

/** Writes the payload after the header, through `stages` (encryption). */
async function writePayload(file: string, stages: Transform[], source: NodeJS.ReadableStream): Promise<void> {
  await pipeline([source, ...stages, createWriteStream(file, { flags: 'a' })]);
}

interface PayloadReader {
  /** The payload, decrypted when the file is encrypted. */
  stream(): Readable;
  /** Throws when the key does not open the file. */
  check(): Promise<void>;
}

async function payloadReader(file: string, header: Header, key: string | undefined): Promise<PayloadReader> {
  const raw = () => createReadStream(file, { start: header.offset });
  const { sealing } = header;
  if (!sealing) return { stream: raw, check: async () => {} };
  if (!key) throw new BackupError(`${file} is encrypted: set BACKUP_KEY to the key it was made with`);
  const derived = await deriveKey(key, sealing.salt, sealing.cost);
  const stream = () => {
    const source = raw();
    const opening = openingStream(derived, header.line);
    source.on('error', (err) => opening.destroy(err));
    const opened = source.pipe(opening);
    // One message for the operator, whichever segment fails.
    const failed = new PassThrough();
    opened.on('error', (err) =>
      failed.destroy(
        err instanceof SegmentCheckError
          ? err.segment === 0
            ? new BackupError(
                `BACKUP_KEY does not open ${file} (a wrong key, or a damaged file): nothing was changed`,
              )
            : new BackupError(`${file} is damaged (its part ${err.segment + 1} fails its check)`)
          : err,
      ),
    );
    return opened.pipe(failed);
  };
  return {
    stream,
    async check() {
      const payload = stream();
      try {
        for await (const _ of payload) break;
      } finally {
        payload.destroy();
      }
    },
  };
}

// ---- embedded database ------------------------------------------------------------------------

/**
 * The data folder is opened like the server opens it, lock included: a running server keeps it
 * (two processes on one folder corrupt it), so the copy is taken with the server stopped.
 */
async function backupEmbedded(dataDir: string, file: string, key: string | undefined): Promise<BackupKind> {
  if (!(await exists(join(dataDir, DATABASE_FOLDER, 'PG_VERSION')))) {
    throw new BackupError(`No embedded database in ${join(dataDir, DATABASE_FOLDER)}`);
  }
  const database = openDatabase({ dataDir });
  try {
    await database.ping();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    const stages = await startFile(file, 'pglite-datadir', key);
    await writePayload(file, stages, Readable.fromWeb(dump.stream() as NodeWebReadableStream<Uint8Array>));
    return 'pglite-datadir';
  } finally {
    await database.close();
  }
}

/**
 * Under the folder's lock (a running server makes the restore stop before anything is touched), the
 * backup is opened in a folder of its own and checked; only then is it swapped in by two renames.
 * `openDataDir` settles a restore stopped anywhere: before the second rename the previous database
 * stays (or is put back), after it the restored one is the database.
 */
async function restoreEmbedded(
  dataDir: string,
  payload: PayloadReader,
  onStep: (step: RestoreStep) => unknown,
) {
  const archive = await buffer(payload.stream());
  const { databasePath, release } = openDataDir(dataDir);
  const restoring = join(dataDir, RESTORING_FOLDER);
  const previous = join(dataDir, PREVIOUS_FOLDER);
  try {
    makePrivateFolder(restoring);
    const client = newPglite(restoring, { loadDataDir: new Blob([archive]) });
    try {
      await onStep('extracted');
      const migrations = await client
        .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        .catch(() => ({ rows: [{ n: 0 }] }));
      if (!migrations.rows[0]?.n) throw new BackupError('The backup does not hold an OrderFlow database');
    } finally {
      await client.close();
    }
    await onStep('checked');
    const hadDatabase = await exists(join(databasePath, 'PG_VERSION'));
    if (hadDatabase) await rename(databasePath, previous);
    else await rm(databasePath, { recursive: true, force: true });
    await onStep('set-aside');
    await rename(restoring, databasePath);
    await syncFolder(dataDir);
    await onStep('swapped');
    await rm(previous, { recursive: true, force: true });
  } catch (err) {
    await rm(restoring, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}

/** Makes the renames in `path` durable before the restore says it is done. */
async function syncFolder(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
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

async function backupServer(url: string, file: string, options: BackupOptions): Promise<BackupKind> {
  const usePgDump = options.method ? options.method === 'pg_dump' : await usablePgDump(url);
  if (!usePgDump) {
    await backupCopy(url, file, options.key);
    return 'copy';
  }
  const stages = await startFile(file, 'pg_dump', options.key);
  const { dbname, env } = pgConnection(url);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors = collect(child.stderr);
  await Promise.all([writePayload(file, stages, child.stdout), exited(child, 'pg_dump', errors)]);
  return 'pg_dump';
}

/** In one transaction: pg_restore that fails or loses its input (killed with us) commits nothing. */
async function restoreWithPgRestore(url: string, payload: PayloadReader) {
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
  await Promise.all([pipeline(payload.stream(), child.stdin), exited(child, 'pg_restore', errors)]);
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

/**
 * Tables the database keeps from others' rows by triggers (stage_counts, decision 287): copying the
 * rows of `orders` and `order_items` back fills them again, so their own saved rows are passed over
 * rather than counted twice.
 */
const REBUILT_BY_TRIGGERS = new Set(['stage_counts']);

async function skipTable(lines: AsyncIterator<string>, file: string, name: string): Promise<void> {
  for (;;) {
    const row = await lines.next();
    if (row.done) throw new BackupError(`${file} is damaged: table ${name} does not end`);
    if (row.value === '\\.') return;
  }
}

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
async function backupCopy(url: string, file: string, key: string | undefined) {
  const stages = await startFile(file, 'copy', key);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = createGzip();
  const written = writePayload(file, stages, gzip);
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
async function restoreCopy(
  url: string,
  file: string,
  payload: PayloadReader,
  onStep: (step: RestoreStep) => unknown,
) {
  const database = openDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gunzip = createGunzip();
  const lines = createInterface({
    input: payload
      .stream()
      .on('error', (err) => gunzip.destroy(err))
      .pipe(gunzip),
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
      if (REBUILT_BY_TRIGGERS.has(table.name)) {
        await skipTable(iterator, file, table.name);
        continue;
      }
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
    await onStep('rows-copied');
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
