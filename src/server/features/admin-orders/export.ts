import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PAYMENT_METHOD_ALIASES, PAYMENT_METHOD_LABELS } from '../../../shared/format.js';
import type { AdminOrderFilters } from '../../../shared/schemas/admin-orders.js';
import { STAGE_LABELS, STAGES } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import { orderFilterWhere } from '../orders/index.js';
import { adminOrdersErrors } from './errors.js';

export { attachment, escapeFormula } from '../../lib/csv.js';

/** The bulk export's columns, in the order the file lists them. */
export const EXPORT_COLUMNS = [
  'Order ID',
  'Product Name',
  'Quantity',
  'Order Date',
  'Status',
  'Payment Method',
  'Transaction ID',
  'Amount',
  'Delivery Date',
  'Zip Code',
] as const;

export const NO_ORDERS_TO_EXPORT = 'No orders to export';

/** Rows read per query on the embedded database: memory stays flat however many orders match. */
export const EXPORT_BATCH_SIZE = 2000;

/** Amounts are stored in cents; the file holds plain dollars ('45000.00') that spreadsheets sum. */
export function dollarsFromCents(cents: string | null): string {
  if (cents === null || cents.trim() === '') return '';
  const value = Number(cents);
  return Number.isFinite(value) ? (value / 100).toFixed(2) : cents;
}

// The cells are computed by the database, so that PostgreSQL can write the whole file with COPY
// (decision 89). Each is text, or null for an empty cell; both CSV writers leave a null unquoted.

/**
 * The formula escape of `escapeFormula` as SQL: the same split-formula replacement, then ascii() reads
 * the first character's code (0 for ''). The replacement only runs on text holding a separator; text
 * without one (nearly every cell) is tested by one regular expression and one ascii(), since
 * PostgreSQL computes an expression again wherever it is written.
 */
const SQL_SPLIT_FORMULA = '([,;|\t\r\n][ \t]*)([-=+@＝＋－＠])';
const FORMULA_START = sql.raw('(61, 43, 45, 64, 9, 13, 10, 65309, 65291, 65293, 65312)');
const escapedCell = (text: SQL) => {
  const split = sql`regexp_replace(${text}, ${SQL_SPLIT_FORMULA}, '\\1''\\2', 'g')`;
  return sql`case
    when ${text} ~ '[,;|\t\r\n]' then (case when ascii(${split}) in ${FORMULA_START} then '''' || ${split} else ${split} end)
    when ascii(${text}) in ${FORMULA_START} then '''' || ${text}
    else ${text} end`;
};

type Cell = SQL<string | null>;

/**
 * A text column: escaped, and an empty text written like a missing one. The escape runs only for a
 * row whose `export_plain` is false; for the others (nearly all) it would give the text unchanged, and
 * testing each cell on every export cost more than the rest of the file.
 */
const textCell = (column: AnyPgColumn): Cell =>
  sql`nullif(case when ${orders.exportPlain} then ${column} else ${escapedCell(sql`${column}`)} end, '')`;

/**
 * The UTC day, as `toISOString().slice(0, 10)` writes it: a date in the ISO DateStyle, which node-pg
 * and PGlite need anyway to read timestamps (the COPY sets it on its connection, to be sure). Half the
 * cost of to_char.
 */
const dayCell = (column: AnyPgColumn): Cell => sql`((${column} at time zone 'UTC')::date)::text`;

/** Any number JavaScript's Number() reads from text in decimal notation (exponent kept small). */
const DECIMAL_TEXT = '^[[:space:]]*[-+]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]{1,2})?[[:space:]]*$';
const BLANK_TEXT = '^[[:space:]]*$';

/**
 * `dollarsFromCents` as SQL. Whole cents (what every writer stores) are written with a point before
 * their last two digits when they have three or more and no leading zero (nearly every amount: no
 * number is read), else multiplied exactly, in numeric (scale 0 times scale 2 gives the two decimals,
 * whatever the size); other decimal text is rounded half away from zero; blank text is empty; any other
 * text is kept as it is.
 */
const amount = orders.amount;
const amountCell: Cell = sql`case
  when ${amount} <> '' and ltrim(${amount}, '0123456789') = '' then (case
    when length(${amount}) >= 3 and left(${amount}, 1) <> '0' then left(${amount}, -2) || '.' || right(${amount}, 2)
    else (${amount}::numeric * 0.01)::text end)
  when ${amount} ~ ${DECIMAL_TEXT} then ${escapedCell(sql`round(trim(${amount})::numeric / 100, 2)::text`)}
  when ${amount} ~ ${BLANK_TEXT} then null
  else ${escapedCell(sql`${amount}`)} end`;

/** A constant of the code (a stage's code or label) written into the statement as a literal, quotes doubled. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * The order's stage by its back-office label ('In Production'), as staff read it everywhere else; the
 * import reads a label back (stageOfLabel). A value that is no stage is written as a text cell.
 */
const statusCell: Cell = sql`case ${orders.status} ${sql.join(
  STAGES.map((stage) => sql`when ${literal(stage)} then ${literal(STAGE_LABELS[stage])}`),
  sql` `,
)} else ${textCell(orders.status)} end`;
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const METHOD_WORDS = [
  ...Object.entries(PAYMENT_METHOD_LABELS),
  ...Object.entries(PAYMENT_METHOD_ALIASES).map(([alias, code]) => [alias, PAYMENT_METHOD_LABELS[code]]),
]
  .map(([code, words]) => `when ${quoted(code ?? '')} then ${quoted(words ?? '')}`)
  .join(' ');

/**
 * `paymentMethodLabel` as SQL: a known code, in any case and with spaces around it, as its words
 * ('us_bank_account' → 'US bank account'); any other text title-cased word by word, its underscores
 * as spaces, and escaped like every free text. A code stored as it is written (what the writers
 * store) is found before the text is trimmed and lower-cased, which cost more than the rest of the cell.
 */
const method = orders.paymentMethod;
const unknownMethodWords = sql`(select string_agg(upper(left(w, 1)) || lower(substr(w, 2)), ' ' order by n)
  from regexp_split_to_table(replace(${method}, '_', ' '), '\\s+') with ordinality as words(w, n) where w <> '')`;
const paymentMethodCell: Cell = sql`case ${method} ${sql.raw(METHOD_WORDS)}
  else (case lower(btrim(${method}, E' \\t\\r\\n\\f\\v')) ${sql.raw(METHOD_WORDS)}
  else ${escapedCell(unknownMethodWords)} end) end`;

/** The file's ten cells, in EXPORT_COLUMNS order. */
const exportCells = {
  orderId: textCell(orders.orderId),
  productName: textCell(orders.productName),
  quantity: sql<string>`case when ${orders.quantity} < 0 then '''' || ${orders.quantity} else ${orders.quantity}::text end`,
  orderDate: dayCell(orders.orderDate),
  status: statusCell,
  paymentMethod: paymentMethodCell,
  transactionId: textCell(orders.transactionId),
  amount: amountCell,
  deliveryDate: dayCell(orders.deliveryDate),
  zipCode: textCell(orders.zipCode),
} satisfies Record<string, Cell>;

type Cells = { [K in keyof typeof exportCells]: string | null };

const recordOf = (row: Cells) => [
  row.orderId,
  row.productName,
  row.quantity,
  row.orderDate,
  row.status,
  row.paymentMethod,
  row.transactionId,
  row.amount,
  row.deliveryDate,
  row.zipCode,
];

/** A byte-order mark first, so Excel reads the UTF-8 (accents, non-Latin names) right. */
const BOM = '\ufeff';
const csvText = (records: (string | null)[][]) => stringify(records);
const HEADER = BOM + csvText([[...EXPORT_COLUMNS]]);

/**
 * The matching orders in id order, one batch per query (keyset on the primary key, so a late batch
 * costs as little as the first). Each batch is its own statement: no transaction or connection is
 * held while a slow client reads.
 */
async function* orderBatches(executor: Executor, where: SQL | undefined) {
  let after = 0;
  for (;;) {
    const rows = await executor
      .select({ id: orders.id, ...exportCells })
      .from(orders)
      .where(and(where, gt(orders.id, after)))
      .orderBy(asc(orders.id))
      .limit(EXPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = last.id;
  }
}

/** The pg pool behind a drizzle database on a PostgreSQL server; none on the embedded PGlite. */
function serverPool(executor: Executor): pg.Pool | null {
  const client = (executor as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * The statement's text with its parameters written in as literals (COPY takes no parameters).
 * `escapeLiteral` doubles quotes and backslashes, so the literal is safe whatever
 * standard_conforming_strings says; only strings and numbers (what the filters bind) are accepted.
 */
function inlineParameters(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)\b/g, (_, index: string) => {
    const value = query.params[Number(index) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`export: cannot write parameter $${index} (${typeof value}) into COPY`);
  });
}

/**
 * How many exports stream through COPY at once per pool: each holds its connection until the client
 * has read the whole file, so they may never take the pool from the rest of the application.
 */
const copySlots = new WeakMap<pg.Pool, { free: number; waiting: (() => void)[] }>();

async function takeCopySlot(pool: pg.Pool): Promise<() => void> {
  let slots = copySlots.get(pool);
  if (!slots) {
    slots = { free: Math.max(1, Math.floor((pool.options.max ?? 10) / 4)), waiting: [] };
    copySlots.set(pool, slots);
  }
  const taken = slots;
  if (taken.free > 0) taken.free--;
  else await new Promise<void>((resolve) => taken.waiting.push(resolve));
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const next = taken.waiting.shift();
    if (next) next();
    else taken.free++;
  };
}

/**
 * PostgreSQL writes the file itself: `COPY (SELECT cells …) TO STDOUT WITH CSV`, streamed to the
 * client as the server sends it, with the socket paused while the client reads slowly. The connection
 * goes back to the pool at the end; after an error or an abandoned download it is closed instead,
 * since it may still be in the middle of the COPY.
 */
async function copyCsv(pool: pg.Pool, executor: Executor, where: SQL | undefined): Promise<Readable> {
  const text = inlineParameters(
    executor.select(exportCells).from(orders).where(where).orderBy(asc(orders.id)).toSQL(),
  );
  const giveSlot = await takeCopySlot(pool);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    giveSlot();
    throw err;
  }
  try {
    // The days' format (dayCell); node-pg reads timestamps in this style too, so the pool keeps it.
    // No JIT compilation for this statement (reset at the end): the cells' expressions cost the
    // planner millions, so PostgreSQL would compile them with LLVM, which took longer than the
    // whole COPY without it (decision 310).
    await client.query('SET DateStyle TO ISO; SET jit TO off');
  } catch (err) {
    client.release(err as Error);
    giveSlot();
    throw err;
  }
  let done = false;
  const finish = (err?: Error) => {
    if (done) return;
    done = true;
    if (err) {
      client.release(err);
      giveSlot();
      return;
    }
    client
      .query('RESET jit')
      .then(
        () => client.release(),
        (resetError: Error) => client.release(resetError),
      )
      .finally(giveSlot);
  };
  const copy = client.query(copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv)`));
  const body = new PassThrough();
  body.write(HEADER);
  copy.on('end', () => finish());
  copy.on('error', (err) => {
    finish(err);
    body.destroy(err);
  });
  body.on('close', () => finish(new Error('export abandoned before the end')));
  copy.pipe(body);
  return body;
}

/**
 * The CSV of every order matching the filter, streamed so memory holds one chunk whatever the total:
 * on PostgreSQL through COPY, on the embedded database one batch of rows per query. One cheap query
 * first checks that something matches, so an empty result can still answer 404 'No orders to export'.
 */
export async function exportOrdersCsv(executor: Executor, filters: AdminOrderFilters): Promise<Readable> {
  const where = orderFilterWhere(filters);
  const pool = serverPool(executor);
  if (pool) {
    const [any] = await executor.select({ id: orders.id }).from(orders).where(where).limit(1);
    if (!any) throw adminOrdersErrors.NO_ORDERS_TO_EXPORT(NO_ORDERS_TO_EXPORT);
    return copyCsv(pool, executor, where);
  }
  const batches = orderBatches(executor, where);
  const first = await batches.next();
  if (first.done) throw adminOrdersErrors.NO_ORDERS_TO_EXPORT(NO_ORDERS_TO_EXPORT);
  async function* chunks() {
    yield HEADER + csvText((first.value ?? []).map(recordOf));
    for await (const batch of batches) yield csvText(batch.map(recordOf));
  }
  // A failed batch query errors the stream, which ends the response.
  return Readable.from(chunks(), { objectMode: false });
}

/** One order's CSV: the same columns and one row, so it reads (and re-imports) like the bulk file. */
export async function exportOneOrderCsv(executor: Executor, orderId: number) {
  const [row] = await executor
    .select({ name: orders.orderId, ...exportCells })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw adminOrdersErrors.ORDER_NOT_FOUND('Order not found');
  return { orderId: row.name, csv: HEADER + csvText([recordOf(row)]) };
}
