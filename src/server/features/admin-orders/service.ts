import type {
  ActivityEvent,
  AdminBulkDelete,
  AdminBulkStatus,
  AdminOrderFilters,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminStatusPatch,
  UndoNextStage,
} from '../../../shared/schemas/admin-orders.js';
import type { Stage } from '../../../shared/stages.js';
import { isEmbedded } from '../../db/client.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { existingOrderIds, findOrderId, findUnitId, type OrderChangeDeps } from '../orders/index.js';
import { orderActivity, toActivityEvent } from './activity.js';
import { createBulkJobs } from './bulk-jobs.js';
import { createCountCache } from './count-cache.js';
import { createKeptDashboard } from './dashboard.js';
import { adminOrdersErrors } from './errors.js';
import { exportOneOrderCsv, exportOrdersCsv } from './export.js';
import { adminOrderRow, createAdminOrderList } from './list.js';
import { moveToNextStage, undoNextStage } from './next-stage.js';

/** The staff member acting, as the audit log records them. */
export type StaffMember = AuditActor;

export interface StatusChangeCounts {
  updatedItems: number;
  updatedOrders: number;
}

/** The back office's order operations; routes parse and authorise, this holds the rules. */
/** The one stage every moved unit left, if they left the same one. */
function fromStages(changed: { from: string }[]): string | undefined {
  const stages = new Set(changed.map((unit) => unit.from));
  return stages.size === 1 ? [...stages][0] : undefined;
}

export function createAdminOrderService(deps: OrderChangeDeps) {
  const { db, clock, orders: writer } = deps;
  // On PGlite a count of 10 000 rows costs more than the page itself and nothing but this process
  // writes, so counts are kept until the next write. On a PostgreSQL server counting is cheap, and the
  // horizon moves with every write to any database of the cluster: page and count run together.
  const counts = isEmbedded(db) ? createCountCache() : null;
  const list = createAdminOrderList(db, counts);
  const kept = createKeptDashboard(db, clock);
  async function requireOrder(orderId: number) {
    const order = await findOrderId(db, orderId);
    if (order === undefined) throw adminOrdersErrors.ORDER_NOT_FOUND('Order not found');
  }

  return {
    /** Bulk actions over a filter, each one server job (decision 285). */
    jobs: createBulkJobs({ db, clock, orders: writer }),

    /** One page of the orders table and the number of orders matching the filter. */
    list: (query: AdminOrdersQuery): Promise<AdminOrdersPage> => list(query),

    /** One order as the table shows it, with the customer's e-mail and name (the order page). */
    row: (orderId: number) => adminOrderRow(db, orderId),

    /** The dashboard's figures as JSON text, kept between changes (dashboard.ts). */
    dashboardJson: () => kept.read(),

    /** The orders module announced a change (in its transaction): the kept dashboard is stale. */
    noteOrderChange: kept.noteOrderChange,

    /** A status change committed, here or on another instance (the live bus). */
    noteCommittedChange: kept.noteCommittedChange,

    /** Every unit of the order, or the one named by itemNumber, to any stage, logged as this admin. */
    async changeStatus(
      orderId: number,
      patch: AdminStatusPatch,
      by: StaffMember,
    ): Promise<StatusChangeCounts> {
      const { changed } = await db.transaction(async (tx) => {
        const { itemNumber } = patch;
        if (itemNumber !== undefined) {
          // Locked first, so that an unknown order answers 404 before its unit is looked for; without a
          // unit, the status change locks (and answers 404) itself.
          await writer.lock(tx, orderId);
          const unit = await findUnitId(tx, orderId, itemNumber);
          const message = `This order has no Unit ${itemNumber}`;
          if (unit === undefined)
            throw adminOrdersErrors.UNIT_NOT_IN_ORDER(`itemNumber: ${message}`, {
              fields: { itemNumber: message },
            });
        }
        const result = await writer.changeStatus(
          tx,
          {
            orderId,
            itemNumbers: itemNumber === undefined ? undefined : [itemNumber],
            to: patch.status,
            rule: 'set',
            actor: { kind: 'admin', userId: by.id },
          },
          clock.now(),
        );
        await recordAudit(tx, {
          actor: by,
          action: 'order.status_changed',
          target: { type: 'order', id: orderId },
          changes: {
            status: patch.status,
            ...(itemNumber === undefined ? {} : { itemNumber }),
            // The stage it left, when the moved units all left the same one: the log's sentence says
            // "from Payment to Site Preparation" (decision 291).
            ...(fromStages(result.changed) && { from: fromStages(result.changed) }),
          },
        });
        return result;
      });
      return { updatedItems: changed.length, updatedOrders: changed.length > 0 ? 1 : 0 };
    },

    /** "Move to <next stage>" (next-stage.ts). */
    nextStage: (orderId: number, from: Stage, by: StaffMember) => moveToNextStage(deps, orderId, from, by),
    undoNextStage: (orderId: number, move: UndoNextStage, by: StaffMember) =>
      undoNextStage(deps, orderId, move, by),

    /** Every unit of several orders, all in one transaction: one unknown id and nothing changes. */
    async bulkChangeStatus(body: AdminBulkStatus, by: StaffMember): Promise<StatusChangeCounts> {
      // Ascending ids: two bulk changes lock shared orders in the same order and cannot deadlock.
      const orderIds = [...new Set(body.orderIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const found = await existingOrderIds(tx, orderIds);
        const missing = orderIds.filter((id) => !found.includes(id));
        if (missing.length > 0)
          throw adminOrdersErrors.ORDER_NOT_FOUND(`Order not found: ${missing.join(', ')}`);
        const now = clock.now();
        const counts = { updatedItems: 0, updatedOrders: 0 };
        for (const orderId of orderIds) {
          const { changed } = await writer.changeStatus(
            tx,
            { orderId, to: body.status, rule: 'set', actor: { kind: 'admin', userId: by.id } },
            now,
          );
          counts.updatedItems += changed.length;
          if (changed.length > 0) counts.updatedOrders++;
        }
        await recordAudit(tx, {
          actor: by,
          action: 'orders.bulk_status_changed',
          target: { type: 'order', id: orderIds.join(',') },
          changes: { status: body.status, orderIds },
        });
        return counts;
      });
    },

    async activity(orderId: number): Promise<ActivityEvent[]> {
      await requireOrder(orderId);
      return orderActivity(db, orderId);
    },

    /** A note only staff see: an internal event, never answered by a customer route. */
    async addNote(orderId: number, text: string, by: StaffMember): Promise<ActivityEvent> {
      const event = await db.transaction(async (tx) => {
        const note = await writer.addNote(tx, orderId, text, { kind: 'admin', userId: by.id }, clock.now());
        await recordAudit(tx, {
          actor: by,
          action: 'order.note_added',
          target: { type: 'order', id: orderId },
          changes: { text },
        });
        return note;
      });
      return toActivityEvent(event, new Map([[by.id, by.email]]));
    },

    /** The order with its units, events and payment sessions; the audit log keeps what it was. */
    delete: (orderId: number, by: StaffMember) =>
      db.transaction(async (tx) => {
        const gone = await writer.delete(tx, orderId);
        await recordAudit(tx, {
          actor: by,
          action: 'order.deleted',
          target: { type: 'order', id: orderId },
          changes: { order: gone },
        });
        return gone;
      }),

    /** Several orders in one transaction: one unknown id and none is deleted. */
    bulkDelete: (body: AdminBulkDelete, by: StaffMember) =>
      db.transaction(async (tx) => {
        const gone = await writer.deleteMany(tx, body.orderIds);
        await recordAudit(tx, {
          actor: by,
          action: 'orders.bulk_deleted',
          target: { type: 'order', id: body.orderIds.join(',') },
          changes: { orders: gone },
        });
        return gone;
      }),

    /** Copies of customer data leaving the building are on record, with the filter that chose them. */
    async exportCsv(filters: AdminOrderFilters, by: StaffMember) {
      await recordAudit(db, {
        actor: by,
        action: 'orders.exported',
        target: { type: 'order' },
        changes: { filters },
      });
      const csv = await exportOrdersCsv(db, filters);
      return csv;
    },
    async exportOneCsv(orderId: number, by: StaffMember) {
      const csv = await exportOneOrderCsv(db, orderId);
      await recordAudit(db, { actor: by, action: 'order.exported', target: { type: 'order', id: orderId } });
      return csv;
    },
    today: () => clock.now().toISOString().slice(0, 10),
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
