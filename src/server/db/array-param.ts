import { type SQL, sql } from 'drizzle-orm';

/**
 * One PostgreSQL array literal as a single parameter: drizzle would spread a JS array into one
 * parameter per element, and 100 000 rows would pass the protocol's 65 535-parameter limit.
 */
export function arrayParam(values: readonly (string | number | null)[], type: string): SQL {
  const literal = `{${values
    .map((value) =>
      value === null ? 'NULL' : `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    )
    .join(',')}}`;
  return sql`${literal}::${sql.raw(type)}`;
}

/** Both drivers (pg and PGlite) answer a raw statement with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
