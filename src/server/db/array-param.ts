import { type SQL, sql } from 'drizzle-orm';

/**
 * One PostgreSQL array literal as a single parameter: drizzle would spread a JS array into one
 * parameter per element, and 100 000 rows would pass the protocol's 65 535-parameter limit.
 */
export function arrayParam(values: readonly (string | number | null)[], type: string): SQL {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null) {
      literal += 'NULL';
      continue;
    }
    const text = String(value);
    literal += `"${NEEDS_ESCAPE.test(text) ? text.replace(NEEDS_ESCAPE_ALL, '\\$&') : text}"`;
  }
  return sql`${`${literal}}`}::${sql.raw(type)}`;
}

/** One field of every row as one array parameter: the column of an `unnest(...)` of many rows. */
export function arrayColumn<Row>(
  rows: readonly Row[],
  pick: (row: Row) => string | number | null,
  type: string,
): SQL {
  return arrayParam(rows.map(pick), type);
}

// Inside a quoted element only a backslash and a double quote need one. Tested first: big imports
// pass thousands of values per array, nearly none of which hold either.
const NEEDS_ESCAPE = /["\\]/;
const NEEDS_ESCAPE_ALL = /["\\]/g;

/** Both drivers (pg and PGlite) answer a raw statement with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
