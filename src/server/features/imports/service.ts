import { sql } from 'drizzle-orm';
import { counted, plural } from '../../../shared/plural.js';
import {
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_LISTED_ORDERS,
  IMPORT_MAX_ROWS,
  type ImportedOrder,
  type ImportOptions,
  type ImportResult,
  type ImportRowError,
} from '../../../shared/schemas/imports.js';
import { type Db, type Executor, isEmbedded } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { enqueueOrderConfirmation } from '../notifications/index.js';
import { type Actor, type OrderWriter, orderIdsByNumber } from '../orders/index.js';
import type { ServiceAreaService } from '../service-areas/index.js';
import { importsErrors } from './errors.js';
import { type ColumnMap, checkRow, type ImportRow, isBlankRow, mapColumns } from './rows.js';
import { type SourceRow, tooManyRows } from './sources.js';

/** Rows written per statement: big batches on a server; smaller ones on PGlite, which runs in this thread. */
const BATCH_ROWS_POSTGRES = 5_000;
const BATCH_ROWS_EMBEDDED = 500;

/**
 * Buffered upload data, PGlite's answers and the parser all resolve as promise jobs and next ticks,
 * which run before any other request's I/O: without a real turn of the event loop now and then, one
 * big import would hold every other request (even /healthz) until it ends.
 */
const YIELD_EVERY_ROWS = 1_000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ImportService = ReturnType<typeof createImportService>;

/** What became of an import's rows, told to whoever listens (the metrics) when it ends. */
export interface ImportTally {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
  dryRun: boolean;
  /** Nothing was kept: the default mode found invalid rows. */
  failed: boolean;
}

/** Thrown to roll back a dry run, or a default-mode import that found invalid rows. */
class Rollback extends Error {}

/**
 * Order import: rows checked as they stream in and written in batches, all inside one
 * transaction. By default any invalid row rolls everything back (the rest of the file is still checked
 * so every error is reported); `validRowsOnly` writes the valid rows and reports the others; `dryRun`
 * does exactly what a real run would and then rolls back, so its counts are the real ones.
 */
export function createImportService(deps: {
  db: Db;
  clock: Clock;
  orders: OrderWriter;
  serviceAreas: Pick<ServiceAreaService, 'unlockOrders'>;
}) {
  const { db, clock, orders: writer, serviceAreas } = deps;
  const embedded = isEmbedded(db);
  const batchRows = embedded ? BATCH_ROWS_EMBEDDED : BATCH_ROWS_POSTGRES;
  const listeners = new Set<(tally: ImportTally) => void>();

  async function run(
    source: AsyncIterable<SourceRow>,
    options: ImportOptions,
    by: AuditActor,
  ): Promise<ImportResult> {
    const now = clock.now();
    const actor: Actor = { kind: 'admin', userId: by.id };
    let rows = 0;
    let created = 0;
    let updated = 0;
    let skipped = 0;
    let rejected = 0;
    const errors: ImportRowError[] = [];
    const listed: ImportedOrder[] = [];
    const rejectedRows = new Set<number>();
    const firstRowOf = new Map<string, number>();

    const reject = (rowErrors: readonly ImportRowError[]) => {
      const row = rowErrors[0]?.row;
      if (row !== undefined && !rejectedRows.has(row)) {
        rejectedRows.add(row);
        rejected += 1;
      }
      for (const error of rowErrors) if (errors.length < IMPORT_MAX_LISTED_ERRORS) errors.push(error);
    };
    /** In the default mode the first invalid row means nothing will be kept: stop writing, keep checking. */
    const writing = () => options.validRowsOnly || rejected === 0;

    const list = (entries: ImportedOrder[]) => {
      entries.sort((a, b) => a.row - b.row);
      for (const entry of entries) if (listed.length < IMPORT_MAX_LISTED_ORDERS) listed.push(entry);
    };

    async function flush(tx: Executor, batch: ImportRow[]) {
      const existing = await orderIdsByNumber(
        tx,
        batch.map((row) => row.orderId),
      );
      // The answer lists the first rows only: once it is full, no later batch builds its entries.
      const listing = listed.length < IMPORT_MAX_LISTED_ORDERS;
      const entries: ImportedOrder[] = [];
      const touched: { id: number; created: boolean }[] = [];
      const fresh: ImportRow[] = [];
      for (const row of batch) {
        const id = existing.get(row.orderId);
        if (id === undefined) {
          fresh.push(row);
        } else if (!options.updateExisting) {
          skipped += 1;
          if (listing) entries.push(summary(row, id, 'skipped'));
        } else {
          const result = await updateOrder(tx, row, id);
          if ('error' in result) {
            reject([result.error]);
          } else {
            updated += 1;
            touched.push({ id, created: false });
            if (listing) entries.push({ ...summary(row, id, 'updated'), ...result.order });
          }
        }
      }
      if (fresh.length > 0) {
        const ids = await writer.createMany(
          tx,
          fresh.map((row) => ({
            orderId: row.orderId,
            productName: row.productName,
            quantity: row.quantity ?? 1,
            orderDate: row.orderDate ?? undefined,
            status: row.status ?? 'ORDER_PLACED',
            email: row.email,
            zipCode: row.zipCode,
          })),
          actor,
          now,
          'import',
        );
        created += fresh.length;
        for (const row of fresh) {
          const id = ids.get(row.orderId) ?? null;
          if (listing) entries.push(summary(row, id, 'created'));
          if (id !== null) touched.push({ id, created: true });
        }
      }
      list(entries);
      if (touched.length > 0) {
        // New orders (and updated ones, whose ZIP code may have changed) in an enabled ZIP code move
        // to LOCATION_ENABLED, as enabling a ZIP code does; forward only, so nothing else moves.
        await serviceAreas.unlockOrders(
          tx,
          touched.map((order) => order.id),
          { notifyCustomer: options.sendNotification },
        );
        if (options.sendNotification) {
          for (const order of touched)
            await enqueueOrderConfirmation(tx, { orderId: order.id, ...order }, now);
        }
      }
    }

    /**
     * updateExisting: productName always; orderDate, zipCode and the customer (by e-mail) when the
     * cell is not empty; a larger quantity adds units at ORDER_PLACED (a smaller one is refused: an
     * import never deletes units); a status moves every unit through the one status function.
     */
    async function updateOrder(
      tx: Executor,
      row: ImportRow,
      id: number,
    ): Promise<{ order: Partial<ImportedOrder> } | { error: ImportRowError }> {
      const result = await writer.revise(
        tx,
        {
          orderId: id,
          productName: row.productName,
          quantity: row.quantity,
          orderDate: row.orderDate,
          zipCode: row.zipCode,
          email: row.email,
          status: row.status,
          actor,
          event: { type: 'ORDER_IMPORTED', data: { row: row.row } },
          notifyCustomer: options.sendNotification,
        },
        now,
      );
      if (!result.revised) {
        return {
          error: {
            row: row.row,
            column: 'quantity',
            message: `Order ${row.orderId} has ${counted(result.units, 'unit', 'units')}: an import can add units but not remove them`,
          },
        };
      }
      return { order: { quantity: result.quantity, status: result.status, email: row.email } };
    }

    let header: ColumnMap | null = null;
    try {
      await db.transaction(async (tx) => {
        // Each batch's statement costs the planner enough for PostgreSQL to compile it with LLVM,
        // which took more of the database's time than it saved (decision 311); for this transaction only.
        if (!embedded) await tx.execute(sql`set local jit = off`);
        let batch: ImportRow[] = [];
        // The full batch being written while the next one is read and checked: on a database server
        // the parsing and checks then run during the writes instead of between them. Batches still
        // reach the database one at a time and in order (each waits for the one before).
        let written: Promise<void> = Promise.resolve();
        const write = async (full: ImportRow[]) => {
          await written;
          written = flush(tx, full);
          // Awaited before the next batch or at the end; a failure is not "unhandled" meanwhile.
          written.catch(() => {});
        };
        try {
          for await (const { row, cells } of source) {
            if (isBlankRow(cells)) continue;
            if (!header) {
              header = mapColumns(cells);
              continue;
            }
            rows += 1;
            if (rows > IMPORT_MAX_ROWS) throw tooManyRows();
            if (rows % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
            const checked = checkRow(row, cells, header);
            if ('errors' in checked) {
              reject(checked.errors);
              continue;
            }
            const first = firstRowOf.get(checked.ok.orderId);
            if (first !== undefined) {
              reject([
                {
                  row,
                  column: 'orderId',
                  message: `Duplicate orderId ${checked.ok.orderId}: row ${first} has it too`,
                },
              ]);
              continue;
            }
            firstRowOf.set(checked.ok.orderId, row);
            if (!writing()) continue;
            batch.push(checked.ok);
            if (batch.length >= batchRows) {
              await write(batch);
              batch = [];
              await yieldToEventLoop();
            }
          }
          await written;
          if (!header)
            throw importsErrors.FILE_EMPTY('The file is empty: it needs a header row and at least one order');
          if (rows === 0) throw importsErrors.FILE_HAS_NO_ORDERS('The file has a header row but no orders');
          if (batch.length > 0 && writing()) await flush(tx, batch);
          if (!writing() || options.dryRun) throw new Rollback();
          // Only an import that writes is on record; a preview or a refused file changes nothing.
          await recordAudit(tx, {
            actor: by,
            action: 'orders.imported',
            target: { type: 'order' },
            changes: { rows, created, updated, skipped, rejected: rejected, options },
          });
        } finally {
          // The transaction never ends (commit or rollback) with a batch still being written on it.
          await written.catch(() => {});
        }
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw mapDatabaseError(error);
    }

    const failed = !writing();
    const result: ImportResult = {
      message: resultMessage({ failed, dryRun: options.dryRun, rows, created, updated, skipped, rejected }),
      orders: failed ? [] : listed,
      created: failed ? 0 : created,
      updated: failed ? 0 : updated,
      skipped: failed ? 0 : skipped,
      rejected,
      rows,
      dryRun: options.dryRun,
      errors,
    };
    const tally: ImportTally = { rows, created, updated, skipped, rejected, dryRun: options.dryRun, failed };
    for (const listener of listeners) listener(tally);
    // A file with invalid rows (nothing imported) is a bad request; its answer is still the full report.
    if (failed) throw importsErrors.IMPORT_REFUSED(result.message, { details: result });
    return result;
  }

  return {
    run,
    /** Hears of every import that ran to its end (dry runs and refused files included). */
    onFinished(listener: (tally: ImportTally) => void) {
      listeners.add(listener);
    },
  };
}

function summary(row: ImportRow, id: number | null, action: ImportedOrder['action']): ImportedOrder {
  return {
    row: row.row,
    id,
    orderId: row.orderId,
    productName: row.productName,
    quantity: row.quantity ?? 1,
    status: action === 'created' ? (row.status ?? 'ORDER_PLACED') : row.status,
    email: row.email,
    action,
  };
}

/** Another writer creating the same orderId mid-import: a conflict, not a server error. */
function mapDatabaseError(error: unknown): unknown {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') {
    return importsErrors.IMPORT_CONFLICT(
      'An order in the file was created by someone else during the import; nothing was imported. Try again.',
    );
  }
  return error;
}

function resultMessage(counts: {
  failed: boolean;
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
}): string {
  const { failed, dryRun, rows, created, updated, skipped, rejected } = counts;
  if (failed) {
    return `${counted(rejected, 'row', 'rows')} of ${rows.toLocaleString('en-US')} ${plural(rejected, 'has', 'have')} errors: nothing was imported. Fix the file, or import the valid rows only.`;
  }
  const parts = [
    `${created.toLocaleString('en-US')} created`,
    `${updated.toLocaleString('en-US')} updated`,
    `${skipped.toLocaleString('en-US')} skipped`,
  ];
  if (rejected > 0) parts.push(`${rejected.toLocaleString('en-US')} rejected`);
  if (dryRun)
    return `Preview of ${counted(rows, 'row', 'rows')}: ${parts.join(', ')}. Nothing has been written yet.`;
  return `Imported ${counted(rows, 'row', 'rows')}: ${parts.join(', ')}`;
}
