import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AdminOrderFilters } from '../../../shared/schemas/admin-orders.js';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { orderFilterWhere } from './filters.js';
import { type AdminOrderRecord, adminOrderColumns } from './list.js';

/** The list's columns but the customer's e-mail, which the file does not hold. */
const { customerEmail: _customerEmail, ...exportColumns } = adminOrderColumns;
type ExportRecord = Omit<AdminOrderRecord, 'customerEmail'>;

/** The spec's bulk export columns (admin spec §7), in its order. */
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

/** Rows read per query: memory stays flat however many orders match. */
export const EXPORT_BATCH_SIZE = 2000;

const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula (CSV
 * injection); a leading apostrophe makes it text, as OWASP recommends (DESIGN §8).
 */
export function escapeFormula(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

/** Amounts are stored in cents; the file holds plain dollars ('45000.00') that spreadsheets sum. */
export function dollarsFromCents(cents: string | null): string {
  if (cents === null || cents.trim() === '') return '';
  const value = Number(cents);
  return Number.isFinite(value) ? (value / 100).toFixed(2) : cents;
}

export function exportRecord(row: ExportRecord): string[] {
  return [
    row.orderId,
    row.productName,
    String(row.quantity),
    isoDay(row.orderDate),
    row.status,
    row.paymentMethod ?? '',
    row.transactionId ?? '',
    dollarsFromCents(row.amount),
    isoDay(row.deliveryDate),
    row.zipCode ?? '',
  ].map(escapeFormula);
}

/**
 * The matching orders in id order, one batch per query (keyset on the primary key, so a late batch
 * costs as little as the first). Each batch is its own statement: no transaction or connection is
 * held while a slow client reads.
 */
async function* orderBatches(executor: Executor, filters: AdminOrderFilters, afterId = 0) {
  const where = orderFilterWhere(filters);
  let after = afterId;
  for (;;) {
    const rows = await executor
      .select(exportColumns)
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

/** A byte-order mark first, so Excel reads the UTF-8 (accents, non-Latin names) right. */
const BOM = '\ufeff';
const csvText = (records: string[][]) => stringify(records);
const HEADER = BOM + csvText([[...EXPORT_COLUMNS]]);

/**
 * The CSV of every order matching the filter, streamed: one chunk per batch of rows, so memory holds
 * one batch whatever the total. The first batch is read before anything is sent, so an empty result
 * can still answer 404 'No orders to export'. The next batch is read while this one is sent.
 */
export async function exportOrdersCsv(executor: Executor, filters: AdminOrderFilters): Promise<Readable> {
  const batches = orderBatches(executor, filters);
  const first = await batches.next();
  if (first.done) throw notFound(NO_ORDERS_TO_EXPORT);
  async function* chunks() {
    yield HEADER + csvText((first.value ?? []).map(exportRecord));
    for await (const batch of batches) yield csvText(batch.map(exportRecord));
  }
  // A failed batch query errors the stream, which ends the response.
  return Readable.from(chunks(), { objectMode: false });
}

/** One order's CSV: the same columns and one row, so it reads (and re-imports) like the bulk file. */
export async function exportOneOrderCsv(executor: Executor, orderId: number) {
  const [row] = await executor.select(exportColumns).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  return { orderId: row.orderId, csv: HEADER + csvText([exportRecord(row)]) };
}

/**
 * `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`, so an
 * order id with quotes or non-ASCII characters can neither break the header nor lose its name.
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
