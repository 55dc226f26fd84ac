import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { startServer, waitForListening } from '../test/server-process.js';
import { backupDatabase, type RestoreStep, restoreDatabase } from './backup.js';
import { type Database, openDatabase } from './client.js';
import { DataDirInUseError, LOCK_FILE } from './data-dir-lock.js';
import { orders } from './schema/orders.js';
import { users } from './schema.js';

const serverUrl = process.env.TEST_DATABASE_URL;
// Only for a step that hangs: each wait here ends on its condition (a log line, an exit), and the
// suite runs in the server-heavy project, whose tests are capped at 10 minutes (vite.config.ts).
const HANG_CAP_MS = 5 * 60_000;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'orderflow-backup-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function seed(database: Database) {
  const [ann] = await database.db
    .insert(users)
    .values({ email: 'ann@example.com', firstName: 'Ann', role: 'USER', verified: true })
    .returning();
  await database.db.insert(orders).values([
    { orderId: 'BK-1', productName: 'Studio 240', quantity: 2, userId: ann!.id, zipCode: '78701' },
    { orderId: 'BK-2', productName: 'Cabin 400', quantity: 1, amount: '4500000.00' },
  ]);
}

/** Every row the restore must bring back, in a stable order. */
async function contents(database: Database) {
  return {
    users: await database.db.select().from(users).orderBy(asc(users.id)),
    orders: await database.db.select().from(orders).orderBy(asc(orders.id)),
  };
}

async function wipe(database: Database) {
  await database.db.execute(sql`truncate users, orders restart identity cascade`);
  expect((await contents(database)).orders).toEqual([]);
}

describe.skipIf(serverUrl)('backup and restore of the embedded database', () => {
  it('brings back the same rows, and refuses to restore while a server holds the folder', async () => {
    const dataDir = join(folder, 'data');
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    let database = openDatabase({ dataDir, template });
    await database.migrate();
    await seed(database);
    const before = await contents(database);

    const file = join(folder, 'embedded.backup');
    // The server (here: this open database) holds the folder: the copy waits until it is stopped.
    await expect(backupDatabase({ dataDir }, file)).rejects.toThrow(DataDirInUseError);
    await database.close();

    expect(await backupDatabase({ dataDir }, file)).toBe('pglite-datadir');
    database = openDatabase({ dataDir });
    await wipe(database);
    await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(
      /The data folder .* is in use by process \d+ .*stop it first/,
    );
    await database.close();

    expect(await restoreDatabase({ dataDir }, file)).toBe('pglite-datadir');
    database = openDatabase({ dataDir });
    try {
      expect(await contents(database)).toEqual(before);
      // The restored folder takes new orders and finds them: its search indexes need pg_trgm loaded.
      await database.db.insert(orders).values({ orderId: 'BK-3', productName: 'Loft 320' });
      const found = await database.db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(ilike(orders.productName, '%loft%'));
      expect(found).toEqual([{ orderId: 'BK-3' }]);
    } finally {
      await database.close();
    }
  });
});

const KEY = 'correct horse battery staple';

/** A data folder holding the seeded database (from the run's migrated template: no initdb). */
async function seededDataDir(name: string) {
  const dataDir = join(folder, name);
  const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
  const database = openDatabase({ dataDir, template });
  await database.migrate();
  await seed(database);
  await database.close();
  return dataDir;
}

/** The rows of the embedded database in `dataDir`, opened the way the server opens it. */
async function contentsOf(dataDir: string) {
  const database = openDatabase({ dataDir });
  try {
    return await contents(database);
  } finally {
    await database.close();
  }
}

async function addOrder(dataDir: string, orderId: string) {
  const database = openDatabase({ dataDir });
  try {
    const [order] = await database.db
      .insert(orders)
      .values({ orderId, productName: 'Added later' })
      .returning();
    return order!;
  } finally {
    await database.close();
  }
}

/** A restore in its own process (src/server/test/restore-until.ts), killed with SIGKILL once it reaches `step`. */
async function killRestoreAt(step: RestoreStep, file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/restore-until.ts', step, file], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await expect.poll(() => output, { timeout: HANG_CAP_MS }).toMatch(new RegExp(`paused at ${step}|Error`));
    expect(output).toContain(`paused at ${step}`);
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

/** `command` run with umask 000, so nothing but the product's own choice of modes protects its files. */
function underUmask000(command: string[]) {
  return ['sh', '-c', 'umask 000; exec "$@"', 'sh', ...command];
}

describe.skipIf(serverUrl)('an embedded restore is all or nothing', () => {
  it.each([
    ['extracted', 'previous'],
    ['checked', 'previous'],
    ['set-aside', 'previous'],
    ['swapped', 'restored'],
  ] as const)(
    'killed at %s, the next opening finds the %s database and no leftovers',
    async (step, expected) => {
      const dataDir = await seededDataDir(`killed-${step}`);
      const file = join(folder, `killed-${step}.backup`);
      await backupDatabase({ dataDir }, file);
      const restored = await contentsOf(dataDir);
      await addOrder(dataDir, 'BK-after-backup');
      const previous = await contentsOf(dataDir);

      await killRestoreAt(step, file, { DATA_DIR: dataDir });

      expect(await contentsOf(dataDir)).toEqual(expected === 'previous' ? previous : restored);
      expect((await readdir(dataDir)).sort()).toEqual(['db', LOCK_FILE]);
    },
  );

  it('killed between its renames, the server starts and serves the previous data', async () => {
    const dataDir = await seededDataDir('killed-serving');
    const file = join(folder, 'killed-serving.backup');
    await backupDatabase({ dataDir }, file);
    const added = await addOrder(dataDir, 'BK-after-backup');

    await killRestoreAt('set-aside', file, { DATA_DIR: dataDir });
    expect((await readdir(dataDir)).sort()).toEqual(['db.previous', 'db.restoring', LOCK_FILE].sort());

    const server = startServer({ DATA_DIR: dataDir });
    try {
      const url = await waitForListening(server);
      const tracked = await fetch(`${url}/api/track/${added.trackingToken}`);
      expect(tracked.status).toBe(200);
      expect(await tracked.json()).toMatchObject({ orderId: 'BK-after-backup' });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('a backup that is not an OrderFlow database changes nothing', async () => {
    const dataDir = await seededDataDir('not-orderflow');
    const before = await contentsOf(dataDir);
    const empty = join(folder, 'empty-data');
    const other = openDatabase({ dataDir: empty });
    await other.ping();
    await other.close();
    const file = join(folder, 'empty.backup');
    await backupDatabase({ dataDir: empty }, file);
    await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(/does not hold an OrderFlow database/);
    expect(await contentsOf(dataDir)).toEqual(before);
    expect((await readdir(dataDir)).sort()).toEqual(['db', LOCK_FILE]);
  });
});

describe.skipIf(serverUrl)("files and backups are their owner's only", () => {
  it('an encrypted backup restores with its key only, and a refused restore changes nothing', async () => {
    const dataDir = await seededDataDir('encrypted');
    const backedUp = await contentsOf(dataDir);
    const file = join(folder, 'encrypted.backup');
    await backupDatabase({ dataDir }, file, { key: KEY });
    const bytes = await readFile(file);
    expect(bytes.subarray(0, bytes.indexOf('\n')).toString()).toMatch(
      /^ORDERFLOW-BACKUP 1 pglite-datadir aes-256-gcm scrypt=\d+,\d+,\d+ salt=\S+$/,
    );
    // No gzip stream (which starts 1f 8b) follows the header: the payload is ciphertext.
    expect(bytes.subarray(bytes.indexOf('\n') + 1, bytes.indexOf('\n') + 3)).not.toEqual(
      Buffer.from([0x1f, 0x8b]),
    );

    await addOrder(dataDir, 'BK-after-backup');
    const current = await contentsOf(dataDir);
    await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(
      /is encrypted: set BACKUP_KEY to the key it was made with/,
    );
    await expect(restoreDatabase({ dataDir }, file, { key: `${KEY}!` })).rejects.toThrow(
      /^BACKUP_KEY does not open .* nothing was changed$/,
    );
    expect(await contentsOf(dataDir)).toEqual(current);
    expect((await readdir(dataDir)).sort()).toEqual(['db', LOCK_FILE]);

    // One flipped byte in the payload: refused too.
    const damaged = join(folder, 'damaged.backup');
    const copy = Buffer.from(bytes);
    copy[copy.length - 100] = (copy[copy.length - 100] ?? 0) ^ 1;
    await writeFile(damaged, copy);
    await expect(restoreDatabase({ dataDir }, damaged, { key: KEY })).rejects.toThrow(
      /damaged\.backup is damaged \(its part \d+ fails its check\)$/,
    );
    expect(await contentsOf(dataDir)).toEqual(current);

    expect(await restoreDatabase({ dataDir }, file, { key: KEY })).toBe('pglite-datadir');
    expect(await contentsOf(dataDir)).toEqual(backedUp);
  });

  // Trying the files as another user needs root (as on CI).
  it.skipIf(process.getuid?.() !== 0)(
    'under umask 000 no other user can read or write anything in DATA_DIR, and backups are 0600',
    async () => {
      // A parent anyone may enter (mkdtemp's own is 0700 and would hide everything by itself).
      const parent = join(folder, 'open-parent');
      await mkdir(parent);
      await chmod(parent, 0o755);
      const dataDir = join(parent, 'data');
      // A folder made wide open earlier is tightened too.
      await mkdir(dataDir);
      await chmod(dataDir, 0o777);

      const server = startServer({ DATA_DIR: dataDir }, underUmask000([]));
      try {
        await waitForListening(server);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const backupFile = join(parent, 'backups', 'umask.backup');
      const [sh, ...backupArgs] = underUmask000([
        process.execPath,
        ...['--import', 'tsx', 'src/server/backup-cli.ts', 'backup', backupFile],
      ]);
      const backup = spawnSync(sh as string, backupArgs, {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, BACKUP_KEY: KEY },
        encoding: 'utf8',
        timeout: HANG_CAP_MS,
      });
      expect(backup.status, `${backup.stdout}${backup.stderr}`).toBe(0);
      expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
      expect((await stat(join(parent, 'backups'))).mode & 0o777).toBe(0o700);

      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      const paths = [
        dataDir,
        ...(await readdir(dataDir, { recursive: true })).map((name) => join(dataDir, name)),
      ];
      // The database holds files others could write were they reachable: the folder is what hides them.
      expect(paths.length).toBeGreaterThan(100);
      // As nobody: every path, for reading and for writing.
      const probe = spawnSync(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs'); const opened = [];
         for (const path of JSON.parse(process.argv[1])) for (const flag of ['r', 'r+']) {
           try { fs.closeSync(fs.openSync(path, flag)); opened.push(flag + ' ' + path); } catch {}
           try { fs.readdirSync(path); opened.push('list ' + path); } catch {}
         }
         console.log(JSON.stringify(opened));`,
          JSON.stringify(paths),
        ],
        { uid: 65534, gid: 65534, encoding: 'utf8' },
      );
      expect(probe.status, probe.stderr).toBe(0);
      expect(JSON.parse(probe.stdout)).toEqual([]);
      // The backup file, too.
      const backupProbe = spawnSync('cat', [backupFile], { uid: 65534, gid: 65534 });
      expect(backupProbe.status).not.toBe(0);
    },
  );
});

describe.skipIf(!serverUrl)('backup and restore of a PostgreSQL server', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database);
    const pool = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    url = pool.options.connectionString;
  });
  afterAll(() => database.drop());

  it.each(['pg_dump', 'copy'] as const)('brings back the same rows (%s)', async (method) => {
    const before = await contents(database);
    const file = join(folder, `server-${method}.backup`);
    expect(await backupDatabase({ url }, file, { method })).toBe(method);
    await wipe(database);
    expect(await restoreDatabase({ url }, file)).toBe(method);
    expect(await contents(database)).toEqual(before);
    // Sequences continue after the restored rows.
    const [next] = await database.db
      .insert(orders)
      .values({ orderId: `BK-${method}`, productName: 'X' })
      .returning();
    expect(next!.id).toBeGreaterThan(Math.max(...before.orders.map((o) => o.id)));
    await database.db.execute(sql`delete from orders where order_id = ${`BK-${method}`}`);
  });

  it.each(['pg_dump', 'copy'] as const)(
    'an encrypted backup restores with its key only (%s)',
    async (method) => {
      const before = await contents(database);
      const file = join(folder, `server-encrypted-${method}.backup`);
      expect(await backupDatabase({ url }, file, { method, key: KEY })).toBe(method);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await expect(restoreDatabase({ url }, file)).rejects.toThrow(/is encrypted: set BACKUP_KEY/);
      await expect(restoreDatabase({ url }, file, { key: 'not the key at all' })).rejects.toThrow(
        /^BACKUP_KEY does not open .* nothing was changed$/,
      );
      expect(await contents(database)).toEqual(before);
      await wipe(database);
      expect(await restoreDatabase({ url }, file, { key: KEY })).toBe(method);
      expect(await contents(database)).toEqual(before);
    },
  );

  it('a COPY restore killed before it commits leaves the data as it was', async () => {
    const file = join(folder, 'server-killed.backup');
    await backupDatabase({ url }, file, { method: 'copy' });
    await database.db.insert(orders).values({ orderId: 'BK-after-backup', productName: 'Added later' });
    const current = await contents(database);
    await killRestoreAt('rows-copied', file, { DATABASE_URL: url });
    expect(await contents(database)).toEqual(current);
    await database.db.execute(sql`delete from orders where order_id = 'BK-after-backup'`);
  });

  it('pg_restore of a cut-off backup fails and leaves the data as it was', async () => {
    const file = join(folder, 'server-cut.backup');
    await backupDatabase({ url }, file, { method: 'pg_dump' });
    const bytes = await readFile(file);
    const cut = join(folder, 'server-cut-short.backup');
    // Only the end is missing: pg_restore has done most of its work when it finds out.
    await writeFile(cut, bytes.subarray(0, bytes.length - 20));
    await database.db.insert(orders).values({ orderId: 'BK-after-cut', productName: 'Added later' });
    const current = await contents(database);
    await expect(restoreDatabase({ url }, cut)).rejects.toThrow(/pg_restore failed/);
    expect(await contents(database)).toEqual(current);
    await database.db.execute(sql`delete from orders where order_id = 'BK-after-cut'`);
  });

  it('refuses a file that is not a backup, and a server backup for an embedded database', async () => {
    const file = join(folder, 'server-copy.backup');
    await backupDatabase({ url }, file, { method: 'copy' });
    await expect(restoreDatabase({ dataDir: join(folder, 'other') }, file)).rejects.toThrow(
      /DATABASE_URL set/,
    );
    const notBackup = join(folder, 'notes.txt');
    await writeFile(notBackup, 'hello\n');
    await expect(restoreDatabase({ url }, notBackup)).rejects.toThrow(/not an OrderFlow backup/);
    expect(await contents(database)).not.toEqual({ users: [], orders: [] });
  });
});
