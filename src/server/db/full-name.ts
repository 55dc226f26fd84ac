import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * 'Ann Lee', or the one name given, or null: what staff type when they look a customer up. It reads
 * as concat_ws(' ', first, last) would, but concat_ws may not be indexed (it is not immutable). One
 * definition for the `users_full_name_trgm_idx` index and the search: PostgreSQL uses an expression
 * index only for the very same expression.
 */
export function fullNameOf(firstName: AnyColumn, lastName: AnyColumn): SQL {
  return sql`(coalesce(${firstName} || ' ' || ${lastName}, ${firstName}, ${lastName}))`;
}
