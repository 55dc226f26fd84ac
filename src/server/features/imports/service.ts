import { eq, type SQL, sql } from 'drizzle-orm';
import {
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_LISTED_ORDERS,
  IMPORT_MAX_ROWS,
  type ImportedOrder,
  type ImportOptions,
  type ImportResult,
  type ImportRowError,
} from '../../../shared/schemas/imports.js';
import { leastAdvanced, type Stage } from '../../../shared/stages.js';
import { type Db, type Executor, isEmbedded } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { enqueueOrderConfirmation } from '../notifications/order-confirmation.js';
import { findOrCreateCustomer } from '../orders/create.js';
import { changeItemStatus, initiatedBy, lockOrder } from '../orders/status.js';
import { createServiceAreaService } from '../service-areas/service.js';
import type { SettingsService } from '../settings/service.js';
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

/** Thrown to roll back a dry run, or a default-mode import that found invalid rows. */
class Rollback extends Error {}

/** Both drivers (pg and PGlite) answer a raw statement with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One PostgreSQL array literal as a single parameter: drizzle would spread a JS array into one
 * parameter per element, and 100 000 rows would pass the protocol's 65 535-parameter limit.
 */
function arrayParam(values: readonly (string | number | null)[], type: string): SQL {
  const literal = `{${values
    .map((value) =>
      value === null ? 'NULL' : `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    )
    .join(',')}}`;
  return sql`${literal}::${sql.raw(type)}`;
}

/**
 * Order import (issue #8): rows checked as they stream in and written in batches, all inside one
 * transaction. By default any invalid row rolls everything back (the rest of the file is still checked
 * so every error is reported); `validRowsOnly` writes the valid rows and reports the others; `dryRun`
 * does exactly what a real run would and then rolls back, so its counts are the real ones.
 */
export function createImportService(deps: { db: Db; clock: Clock; settings: SettingsService }) {
  const { db, clock } = deps;
  const serviceAreas = createServiceAreaService(deps);
  const batchRows = isEmbedded(db) ? BATCH_ROWS_EMBEDDED : BATCH_ROWS_POSTGRES;

  async function run(
    source: AsyncIterable<SourceRow>,
    options: ImportOptions,
    adminId: number,
  ): Promise<{ status: 200 | 400; result: ImportResult }> {
    const now = clock.now();
    const actor = { kind: 'admin' as const, userId: adminId };
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
      const existing = new Map(
        rowsOf<{ id: number; order_id: string }>(
          await tx.execute(
            sql`select id, order_id from orders where order_id = any(${arrayParam(
              batch.map((row) => row.orderId),
              'text[]',
            )})`,
          ),
        ).map((row) => [row.order_id, Number(row.id)]),
      );
      const entries: ImportedOrder[] = [];
      const touched: { id: number; created: boolean }[] = [];
      const fresh: ImportRow[] = [];
      for (const row of batch) {
        const id = existing.get(row.orderId);
        if (id === undefined) {
          fresh.push(row);
        } else if (!options.updateExisting) {
          skipped += 1;
          entries.push(summary(row, id, 'skipped'));
        } else {
          const result = await updateOrder(tx, row, id);
          if ('error' in result) {
            reject([result.error]);
          } else {
            updated += 1;
            touched.push({ id, created: false });
            entries.push({ ...summary(row, id, 'updated'), ...result.order });
          }
        }
      }
      if (fresh.length > 0) {
        const ids = await insertOrders(tx, fresh, initiatedBy(actor), now);
        created += fresh.length;
        fresh.forEach((row) => {
          const id = ids.get(row.orderId) ?? null;
          entries.push(summary(row, id, 'created'));
          if (id !== null) touched.push({ id, created: true });
        });
      }
      list(entries);
      if (touched.length > 0) {
        // New orders (and updated ones, whose ZIP code may have changed) in an enabled ZIP code move
        // to LOCATION_ENABLED, as DESIGN §5 says; forward only, so nothing else moves.
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
      const order = await lockOrder(tx, id);
      if (row.quantity !== null && row.quantity < order.quantity) {
        return {
          error: {
            row: row.row,
            column: 'quantity',
            message: `Order ${row.orderId} has ${order.quantity} units: an import can add units but not remove them`,
          },
        };
      }
      const userId = row.email ? await findOrCreateCustomer(tx, row.email) : order.userId;
      const quantity = row.quantity ?? order.quantity;
      let status: Stage = order.status;
      if (quantity > order.quantity) {
        await tx.insert(orderItems).values(
          Array.from({ length: quantity - order.quantity }, (_, index) => ({
            orderId: id,
            itemNumber: order.quantity + index + 1,
            status: 'ORDER_PLACED' as const,
            statusChangedAt: now,
          })),
        );
        status = leastAdvanced([order.status, 'ORDER_PLACED']);
      }
      await tx
        .update(orders)
        .set({
          productName: row.productName,
          quantity,
          status,
          orderDate: row.orderDate ?? order.orderDate,
          zipCode: row.zipCode ?? order.zipCode,
          userId,
          updatedAt: now,
        })
        .where(eq(orders.id, id));
      await tx.insert(eventLogs).values({
        orderId: id,
        timestamp: now,
        stage: status,
        type: 'ORDER_IMPORTED',
        data: { orderId: row.orderId, row: row.row, quantity, previousQuantity: order.quantity },
        initiatedBy: initiatedBy(actor),
        internal: true,
      });
      if (row.status) {
        const result = await changeItemStatus(
          tx,
          {
            orderId: id,
            to: row.status,
            rule: 'set',
            actor,
            notifyCustomer: options.sendNotification,
          },
          now,
        );
        status = result.order.status;
      }
      return { order: { quantity, status, email: row.email } };
    }

    let header: ColumnMap | null = null;
    try {
      await db.transaction(async (tx) => {
        let batch: ImportRow[] = [];
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
            await flush(tx, batch);
            batch = [];
            await yieldToEventLoop();
          }
        }
        if (!header) throw badRequest('The file is empty: it needs a header row and at least one order');
        if (rows === 0) throw badRequest('The file has a header row but no orders');
        if (batch.length > 0 && writing()) await flush(tx, batch);
        if (!writing() || options.dryRun) throw new Rollback();
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
    return { status: failed ? 400 : 200, result };
  }

  return { run };
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

/**
 * New orders, one statement per batch whatever its size: the customers by e-mail (created PENDING,
 * with no password, when new — DESIGN §5), the orders, one unit per quantity at the row's stage, and
 * each order's ORDER_CREATED event, as createOrder writes them. Answers orderId → internal id.
 */
async function insertOrders(
  tx: Executor,
  batch: readonly ImportRow[],
  by: string,
  now: Date,
): Promise<Map<string, number>> {
  const column = <T extends string | number | null>(pick: (row: ImportRow) => T, type: string) =>
    arrayParam(batch.map(pick), type);
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(
        ${column((row) => row.orderId, 'text[]')},
        ${column((row) => row.productName, 'text[]')},
        ${column((row) => row.quantity ?? 1, 'int[]')},
        ${column((row) => (row.orderDate ?? now).toISOString(), 'timestamptz[]')},
        ${column((row) => row.status ?? 'ORDER_PLACED', 'text[]')},
        ${column((row) => row.email, 'text[]')},
        ${column((row) => row.zipCode, 'text[]')}
      ) with ordinality as t(order_id, product_name, quantity, order_date, status, email, zip_code, position)
    ),
    new_users as (
      insert into users (email)
      select distinct email from input where email is not null
      on conflict (email) do nothing
      returning id, email
    ),
    linked as (
      select id, email from new_users
      union all
      select id, email from users where email in (select email from input where email is not null)
    ),
    new_orders as (
      insert into orders (order_id, user_id, product_name, quantity, order_date, status, zip_code, created_at, updated_at)
      select i.order_id, l.id, i.product_name, i.quantity, i.order_date, i.status, i.zip_code, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from input i left join linked l on l.email = i.email
      order by i.position
      returning id, order_id, quantity, status
    ),
    new_units as (
      insert into order_items (order_id, item_number, status, status_changed_at, created_at, updated_at)
      select o.id, n, o.status, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from new_orders o cross join lateral generate_series(1, o.quantity) n
    ),
    new_events as (
      insert into event_logs (order_id, timestamp, stage, type, data, initiated_by)
      select id, ${now.toISOString()}::timestamptz, status, 'ORDER_CREATED',
        jsonb_build_object('orderId', order_id, 'quantity', quantity), ${by}
      from new_orders
    )
    select id, order_id from new_orders`);
  return new Map(
    rowsOf<{ id: number; order_id: string }>(result).map((row) => [row.order_id, Number(row.id)]),
  );
}

/** Another writer creating the same orderId mid-import: a conflict, not a server error. */
function mapDatabaseError(error: unknown): unknown {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') {
    return new AppError(
      'CONFLICT',
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
  const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  if (failed) {
    return `${plural(rejected, 'row')} of ${rows.toLocaleString('en-US')} ${rejected === 1 ? 'has' : 'have'} errors: nothing was imported. Fix the file, or import the valid rows only.`;
  }
  const parts = [
    `${created.toLocaleString('en-US')} created`,
    `${updated.toLocaleString('en-US')} updated`,
    `${skipped.toLocaleString('en-US')} skipped`,
  ];
  if (rejected > 0) parts.push(`${rejected.toLocaleString('en-US')} rejected`);
  if (dryRun) return `Preview of ${plural(rows, 'row')}: ${parts.join(', ')}. Nothing has been written yet.`;
  return `Imported ${plural(rows, 'row')}: ${parts.join(', ')}`;
}
