import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every PGlite this product opens, with the extensions its migrations create: a data folder that
 * holds an index of an extension cannot be used without that extension loaded. pg_trgm indexes the
 * admin search (decision 184). No folder: in memory.
 */
export function newPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'dataDir' | 'extensions'> = {},
): PGlite {
  // PGlite reads its options from the first argument when that is not a folder's path.
  return new PGlite({ ...options, ...(dataDir && { dataDir }), extensions: { pg_trgm } });
}
