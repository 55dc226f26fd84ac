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

describe('prepared statements on the embedded database', () => {
  const pglite = newPglite();
  afterAll(() => pglite.close());

  it('answers a repeated query with each call’s own parameters, rows and row counts', async () => {
    await pglite.exec('create table items (id int primary key, label text, tags text[], meta jsonb)');
    const insert = 'insert into items (id, label, tags, meta) values ($1, $2, $3, $4)';
    await pglite.query(insert, [1, 'one', ['a', 'b'], JSON.stringify({ n: 1 })]);
    await pglite.query(insert, [2, null, [], JSON.stringify({ n: 2 })]);
    const select = 'select id, label, tags, meta from items where id = $1';
    expect((await pglite.query(select, [1])).rows).toEqual([
      { id: 1, label: 'one', tags: ['a', 'b'], meta: { n: 1 } },
    ]);
    expect((await pglite.query(select, [2])).rows).toEqual([
      { id: 2, label: null, tags: [], meta: { n: 2 } },
    ]);
    expect((await pglite.query(select, [3])).rows).toEqual([]);
    const update = await pglite.query('update items set label = $1 where id >= $2', ['x', 1]);
    expect(update.affectedRows).toBe(2);
    const asArrays = await pglite.query('select id, label from items order by id', [], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([
      [1, 'x'],
      [2, 'x'],
    ]);
  });

  it('reports a failed statement and goes on with the next one, in and out of a transaction', async () => {
    await pglite.exec('create table uniques (id int primary key)');
    const insert = 'insert into uniques (id) values ($1)';
    await pglite.query(insert, [1]);
    await expect(pglite.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(pglite.query('select from nowhere where id = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query(insert, [2]);
        await tx.query(insert, [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // The rolled-back transaction left nothing behind; its statements still run.
    await pglite.query(insert, [3]);
    const { rows } = await pglite.query<{ id: number }>('select id from uniques order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });

  it('keeps answering after a table changes under a prepared statement', async () => {
    await pglite.exec('create table shapes (id int, name text)');
    await pglite.query('insert into shapes values ($1, $2)', [1, 'a']);
    const select = 'select * from shapes where id = $1';
    expect((await pglite.query(select, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
    await pglite.exec('alter table shapes add column size int');
    // PostgreSQL refuses a prepared statement whose result changed shape; the next call prepares it again.
    await expect(pglite.query(select, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await pglite.query(select, [1])).rows).toEqual([{ id: 1, name: 'a', size: null }]);
  });

  it('runs more distinct queries than it keeps prepared', async () => {
    for (let n = 0; n < 300; n++) {
      const { rows } = await pglite.query<{ n: number }>(`select $1::int + ${n} as n`, [1]);
      expect(rows[0]?.n).toBe(n + 1);
    }
    const { rows } = await pglite.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(rows[0]?.count).toBeLessThanOrEqual(257);
    expect((await pglite.query<{ n: number }>('select $1::int + 0 as n', [41])).rows[0]?.n).toBe(41);
  });
});
