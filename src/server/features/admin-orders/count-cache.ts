import { type SQL, sql } from 'drizzle-orm';

/**
 * The transaction horizon of the statement's snapshot: the first transaction id not yet assigned
 * (xmax), and the oldest still running (xmin). Any INSERT, UPDATE or DELETE, on any table, takes a new
 * transaction id, so while xmax stays the same nothing in the database has changed.
 */
export const snapshotXmax: SQL<string> = sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text`;
export const snapshotXmin: SQL<string> = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;

export interface CountedWithHorizon {
  total: number;
  xmin: string;
  xmax: string;
}

/**
 * Exact counts of a filter, reused while the database is unchanged. A count is kept only when its
 * snapshot saw no transaction in progress (xmin = xmax): then it includes every write before xmax. A
 * later statement whose snapshot has the same xmax proves no write has started since, so the count is
 * still exact; any write moves xmax and the next request counts again. Paging through a filter
 * therefore counts once, not on every page. (Sound on PostgreSQL too, but only used on PGlite: see
 * the service.)
 */
export function createCountCache(maxEntries = 500) {
  const entries = new Map<string, { horizon: string; total: number }>();
  return {
    has: (key: string) => entries.has(key),
    /** The count for `key` if it is still exact at a snapshot whose xmax is `horizon`. */
    get(key: string, horizon: string | undefined): number | undefined {
      const entry = entries.get(key);
      return entry && horizon !== undefined && entry.horizon === horizon ? entry.total : undefined;
    },
    remember(key: string, counted: CountedWithHorizon) {
      entries.delete(key);
      if (counted.xmin !== counted.xmax) return;
      entries.set(key, { horizon: counted.xmax, total: counted.total });
      // Oldest first: Map keeps insertion order and a refreshed key moved to the end above.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache>;
