import { types } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { newPglite } from './pglite.js';

describe('the embedded database client', () => {
  const pglite = newPglite();
  afterAll(() => pglite.close());

  const asText = (value: string) => value;
  // What drizzle passes with each of its queries: dates and timestamps stay text, drizzle maps them.
  const drizzleParsers = { [types.TIMESTAMPTZ]: asText, [types.DATE]: asText };

  it('reads timestamps as text for drizzle, with or without its parsers', async () => {
    const sql = `select '2026-11-26 10:00:00+00'::timestamptz as at, '2026-11-26'::date as day`;
    for (const options of [undefined, { parsers: drizzleParsers }]) {
      const { rows } = await pglite.query<{ at: unknown; day: unknown }>(sql, [], options);
      expect(rows[0]).toEqual({ at: '2026-11-26 10:00:00+00', day: '2026-11-26' });
    }
  });

  it('keeps the parsers of a query that brings its own, in and out of a transaction', async () => {
    const options = { parsers: { [types.INT4]: (value: string) => `#${value}` } };
    const alone = await pglite.query<{ n: unknown }>('select 7::int4 as n', [], options);
    expect(alone.rows[0]?.n).toBe('#7');
    const inside = await pglite.transaction((tx) =>
      tx.query<{ n: unknown }>('select 8::int4 as n', [], options),
    );
    expect(inside.rows[0]?.n).toBe('#8');
  });

  it('still parses the other types as usual', async () => {
    const { rows } = await pglite.query<{ n: unknown; ok: unknown }>('select 5::int4 as n, true as ok', [], {
      parsers: drizzleParsers,
    });
    expect(rows[0]).toEqual({ n: 5, ok: true });
  });
});
