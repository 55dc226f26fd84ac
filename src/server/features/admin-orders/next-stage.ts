/**
 * "Move to <next stage>" and its undo: one step along the stage model (src/shared/stages.ts) through
 * the one status function, logged on each unit and in the audit log like any other status change.
 */
import type { NextStageResult, UndoNextStage } from '../../../shared/schemas/admin-orders.js';
import { nextStage, STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { OrderChangeDeps } from '../orders/index.js';
import { adminOrdersErrors } from './errors.js';

/**
 * Moves the units at the order's stage (its least advanced units) to the next stage; units already
 * further on stay where they are, so the step never moves a unit backwards (decision 282). `from` is
 * the stage the staff member saw: when the order is elsewhere now, nothing moves.
 */
export async function moveToNextStage(
  { db, clock, orders: writer }: OrderChangeDeps,
  orderId: number,
  from: Stage,
  by: AuditActor,
): Promise<NextStageResult> {
  return db.transaction(async (tx) => {
    const order = await writer.lock(tx, orderId);
    if (order.status !== from)
      throw adminOrdersErrors.ORDER_STAGE_CHANGED(
        `This order is now at ${STAGE_LABELS[order.status]}, not ${STAGE_LABELS[from]}`,
      );
    const to = nextStage(from);
    if (to === null) throw adminOrdersErrors.NO_NEXT_STAGE(`${STAGE_LABELS[from]} is the last stage`);
    const { order: after, changed } = await writer.changeStatus(
      tx,
      { orderId, to, rule: 'set', onlyFrom: [from], actor: { kind: 'admin', userId: by.id } },
      clock.now(),
    );
    const itemNumbers = changed.map((unit) => unit.itemNumber);
    await recordAudit(tx, {
      actor: by,
      action: 'order.status_changed',
      target: { type: 'order', id: orderId },
      changes: { status: to, from, itemNumbers },
    });
    return { from, to, itemNumbers, status: after.status };
  });
}

/**
 * Puts the units of a next-stage move back to the stage they left, as a status change of its own (the
 * history shows both moves). All or nothing: when one of them has moved again since, nothing changes.
 */
export async function undoNextStage(
  { db, clock, orders: writer }: OrderChangeDeps,
  orderId: number,
  move: UndoNextStage,
  by: AuditActor,
): Promise<NextStageResult> {
  return db.transaction(async (tx) => {
    const { order, changed } = await writer.changeStatus(
      tx,
      {
        orderId,
        itemNumbers: move.itemNumbers,
        to: move.from,
        rule: 'set',
        onlyFrom: [move.to],
        actor: { kind: 'admin', userId: by.id },
      },
      clock.now(),
    );
    // Thrown inside the transaction: the units that could go back are rolled back with it.
    if (changed.length !== new Set(move.itemNumbers).size)
      throw adminOrdersErrors.ORDER_STAGE_CHANGED(
        `This order changed since it moved to ${STAGE_LABELS[move.to]}: nothing was undone`,
      );
    await recordAudit(tx, {
      actor: by,
      action: 'order.status_changed',
      target: { type: 'order', id: orderId },
      changes: { status: move.from, from: move.to, itemNumbers: move.itemNumbers, undo: true },
    });
    return { from: move.to, to: move.from, itemNumbers: move.itemNumbers, status: order.status };
  });
}
