import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { backupDatabase, restoreDatabase } from './backup.js';
import { type Database, openDatabase } from './client.js';
import { DataDirInUseError } from './data-dir-lock.js';
import { orders } from './schema/orders.js';
import { users } from './schema.js';

const serverUrl = process.env.TEST_DATABASE_URL;
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
