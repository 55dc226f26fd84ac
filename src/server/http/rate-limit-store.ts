import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin hands `child`: the route's limit options, with the route itself as `routeInfo`. */
interface RouteLimit {
  routeInfo?: { method: unknown; url: string };
}

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance on one PostgreSQL
 * shares the count (N instances do not allow N times the tries). Redis, when configured, does the
 * same through the plugin's own store.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = new Date();
      const resetAt = new Date(now.getTime() + timeWindow);
      const expired = sql`${rateLimitHits.resetAt} <= ${now}`;
      db.insert(rateLimitHits)
        .values({ key: this.prefix + key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetAt} else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
        .then(
          ([row]) =>
            callback(null, {
              current: row?.hits ?? 1,
              ttl: Math.max(0, (row?.resetAt ?? resetAt).getTime() - now.getTime()),
            }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: object) {
      const route = (routeOptions as RouteLimit).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${String(route?.method)}${route?.url}:`);
    }
  };
}

/** Counts whose window has passed; removed with the other expired sign-in rows. */
export async function purgeRateLimitHits(db: Db): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(sql`${rateLimitHits.resetAt} < ${new Date()}`)
    .returning({ key: rateLimitHits.key });
  return gone.length;
}
