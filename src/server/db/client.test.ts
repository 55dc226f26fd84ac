import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './client.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('survives its idle connections being terminated, logs it, and answers the next query', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Several connections at once, so the pool holds idle ones afterwards.
      await Promise.all(Array.from({ length: 3 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      const killed = (await database.db.execute(sql`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as {
        rows: { killed: boolean }[];
      };
      const terminated = killed.rows.filter((row) => row.killed).length;
      expect(terminated).toBeGreaterThan(0);

      // Each terminated connection is reported once, as its end reaches the pool.
      await expect.poll(() => logged.mock.calls.length, { timeout: 5000 }).toBe(terminated);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/idle connection was lost/);
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => database.db.execute(sql`select 1 as one`)),
      );
      expect(
        answers.map((answer) => (answer as unknown as { rows: { one: number }[] }).rows[0]?.one),
      ).toEqual([1, 1, 1]);
    } finally {
      logged.mockRestore();
    }
  });
});
