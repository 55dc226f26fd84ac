import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../shared/stages.js';
import { createTestDatabase } from '../test/database.js';
import { arrayParam, rowsOf } from './array-param.js';
import type { Database } from './client.js';

describe('the stage sort index of a migrated database', () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('ranks every stage of src/shared/stages.ts at its place in the fulfilment order', async () => {
    // The index's own expression as the migrations left it, run over the stage codes: a stage added
    // or moved in stages.ts without its migration (docs/stages.md) ranks null or out of place here.
    const [index] = rowsOf<{ expression: string | null }>(
      await database.db.execute(
        sql`select pg_get_indexdef('orders_stage_rank_idx'::regclass, 1, false) as expression`,
      ),
    );
    expect(index?.expression).toContain('CASE status');
    const ranks = rowsOf<{ status: string; rank: number | null }>(
      await database.db.execute(
        sql`select status, ${sql.raw(index?.expression ?? 'null')} as rank
            from unnest(${arrayParam(STAGES, 'text[]')}) with ordinality as stage(status, position)
            order by position`,
      ),
    );
    expect(ranks.map(({ status, rank }) => [status, rank])).toEqual(STAGES.map((stage, i) => [stage, i]));
  });
});
