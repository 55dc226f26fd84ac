import { PGlite, type PGliteOptions, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedStatements } from './pglite-statements.js';

const AS_TEXT = (value: string) => value;

/**
 * Dates, timestamps and intervals, alone and in arrays (and numeric arrays), read as PostgreSQL's
 * text: drizzle maps them itself, and sends exactly these parsers with every query it runs.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: AS_TEXT,
  [types.TIMESTAMPTZ]: AS_TEXT,
  [types.INTERVAL]: AS_TEXT,
  [types.DATE]: AS_TEXT,
  1231: AS_TEXT, // numeric[]
  1115: AS_TEXT, // timestamp[]
  1185: AS_TEXT, // timestamptz[]
  1187: AS_TEXT, // interval[]
  1182: AS_TEXT, // date[]
};

/**
 * Every PGlite this product opens, with the extensions its migrations create: a data folder that
 * holds an index of an extension cannot be used without that extension loaded. pg_trgm indexes the
 * admin search (decision 184). No folder: in memory.
 *
 * PGlite merges a query's own parsers into a copy of its whole table of about 300 type parsers on
 * every query that passes any, which cost 160 µs per query (a status change runs a dozen). So the
 * parsers drizzle passes are installed once here, and dropped from each query that brings exactly
 * those (decision 191); a query with other parsers keeps them. Plain queries then run as prepared
 * statements (decision 193).
 */
export function newPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'dataDir' | 'extensions' | 'parsers'> = {},
): PGlite {
  // PGlite reads its options from the first argument when that is not a folder's path.
  const pglite = new PGlite({
    ...options,
    ...(dataDir && { dataDir }),
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
  });
  const statements = new PreparedStatements(pglite);
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
    const options = withoutInstalledParsers(queryOptions);
    return PreparedStatements.handles(options)
      ? statements.runAlone(text, params, options)
      : query(text, params, options);
  }) as PGlite['query'];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async (text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        const options = withoutInstalledParsers(queryOptions);
        return PreparedStatements.handles(options)
          ? statements.run(text, params, options)
          : txQuery(text, params, options);
      }) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
  return pglite;
}

function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid in parsers) {
    if (!(oid in DRIZZLE_PARSERS)) return options;
  }
  return { ...options, parsers: undefined };
}
