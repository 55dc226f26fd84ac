import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
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

/** A UTF-8 CSV with a BOM (so Excel reads accents right) and the header row. */
function csvStream() {
  return stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: true });
}

/**
 * The CSV of every order matching the filter, streamed. The first batch is read before anything is
 * sent, so an empty result can still answer 404 'No orders to export'.
 */
export async function exportOrdersCsv(executor: Executor, filters: AdminOrderFilters): Promise<Readable> {
  const batches = orderBatches(executor, filters);
  const first = await batches.next();
  if (first.done) throw notFound(NO_ORDERS_TO_EXPORT);
  async function* records() {
    for (const row of first.value ?? []) yield exportRecord(row);
    for await (const batch of batches) for (const row of batch) yield exportRecord(row);
  }
  const csv = csvStream();
  // pipeline, not pipe: a failed batch query destroys the CSV stream, which ends the response.
  pipeline(Readable.from(records()), csv, () => {});
  return csv;
}

/** One order's CSV: the same columns and one row, so it reads (and re-imports) like the bulk file. */
export async function exportOneOrderCsv(executor: Executor, orderId: number) {
  const [row] = await executor.select(exportColumns).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  const csv = csvStream();
  csv.end(exportRecord(row));
  return { orderId: row.orderId, csv };
}

/**
 * `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`, so an
 * order id with quotes or non-ASCII characters can neither break the header nor lose its name.
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
