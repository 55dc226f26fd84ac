import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';

let database: Database & { drop(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** Messages received on a channel, and a wait for one. */
function inbox() {
  const received: string[] = [];
  const waiters = new Set<() => void>();
  return {
    received,
    push(payload: string) {
      received.push(payload);
      for (const wake of waiters) wake();
    },
    waitFor(payload: string, ms = 2000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!received.includes(payload)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`'${payload}' not received; got ${JSON.stringify(received)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

const notify = (channel: string, payload: string) =>
  database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe('the database bus', () => {
  it('delivers a NOTIFY made in a transaction at commit, and none from a rolled-back one', async () => {
    const box = inbox();
    const unlisten = await database.listen('bus_commit', box.push);
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('bus_commit', 'rolled back')`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('bus_commit', 'committed')`);
        // Still inside the transaction: nothing may have arrived yet.
        await tx.execute(sql`select pg_sleep(0.05)`);
        expect(box.received).toEqual([]);
      });
      await box.waitFor('committed');
      expect(box.received).toEqual(['committed']);
    } finally {
      await unlisten();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, listens again after its connection is terminated, and delivery resumes',
    async () => {
      const box = inbox();
      let reconnected = 0;
      const unlisten = await database.listen('bus_restart', box.push, {
        onReconnect: () => reconnected++,
        onError: () => {},
      });
      try {
        await notify('bus_restart', 'before');
        await box.waitFor('before');

        const killed = (await database.db.execute(sql`
          select pg_terminate_backend(pid) as killed from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`)) as unknown as {
          rows: unknown[];
        };
        expect(killed.rows).toHaveLength(1);

        await expect.poll(() => reconnected, { timeout: 5000 }).toBe(1);
        await notify('bus_restart', 'after');
        await box.waitFor('after');
      } finally {
        await unlisten();
      }
    },
  );
});
