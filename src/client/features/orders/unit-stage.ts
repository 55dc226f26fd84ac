/**
 * What a unit's status means on its card: border colour, hints and the customer's action. Pure, so the
 * rules are tested directly.
 */

import type { OrderEventDto } from '../../../shared/schemas/orders.js';
import { isDocumentReady, isPaidStatus } from '../../../shared/schemas/orders.js';
import {
  isStage,
  type Stage,
  TIMELINE_STEP_STAGES,
  TIMELINE_STEPS,
  timelineStep,
} from '../../../shared/stages.js';
import { stageColours } from '../../lib/stage-colours';
import { ITEM_STATUS_EVENT, type OrderUnit } from './item-status';

/**
 * The card's border: the stage group's colour, the same as the back office's badges (delivered green;
 * location, documents and payment primary; site and production amber; else the plain border).
 */
export function unitBorderClass(status: Stage): string {
  return stageColours(status).border;
}

/** A timeline hint: its key in the orders catalogue (`hints.<key>`), with the delivery date for expectedDelivery. */
export type UnitHint =
  | { key: 'production' | 'sitePrep' | 'finalDocuments' }
  | { key: 'expectedDelivery'; date: string };

/** The timeline's hints for the unit's stage, then its expected delivery when a date exists. */
export function unitHints(unit: Pick<OrderUnit, 'status' | 'deliveryDate'>): UnitHint[] {
  const hints: UnitHint[] = [];
  if (unit.status === 'PRODUCTION') hints.push({ key: 'production' });
  if (unit.status === 'SITE_PREP') hints.push({ key: 'sitePrep' });
  if (unit.status === 'FINAL_DOCUMENTS') hints.push({ key: 'finalDocuments' });
  if (unit.deliveryDate) hints.push({ key: 'expectedDelivery', date: unit.deliveryDate });
  return hints;
}

/**
 * The customer's action for a unit:
 * - onboarding: LOCATION_ENABLED opens the onboarding form;
 * - processing: DOCUMENTS_PENDING before the document is ready ('Documents processing', nothing to do);
 * - start-signing: DOCUMENTS_PENDING with a ready document (moves the unit to DOCUMENTS_SIGNING);
 * - sign: DOCUMENTS_SIGNING opens the document;
 * - payment / paid: FINANCING_PAYMENT opens the payment dialog, 'Deposit Paid' once paid;
 * - none: every other status.
 */
export type UnitAction = 'onboarding' | 'processing' | 'start-signing' | 'sign' | 'payment' | 'paid' | 'none';

export function unitAction(unit: Pick<OrderUnit, 'status' | 'stageData'>): UnitAction {
  switch (unit.status) {
    case 'LOCATION_ENABLED':
      return 'onboarding';
    case 'DOCUMENTS_PENDING':
      return isDocumentReady(unit.stageData) ? 'start-signing' : 'processing';
    case 'DOCUMENTS_SIGNING':
      return 'sign';
    case 'FINANCING_PAYMENT':
      return isPaidStatus(unit.stageData.paymentStatus) ? 'paid' : 'payment';
    default:
      return 'none';
  }
}

/** Whether the card's header shows the red '1': the customer has something to do. */
export type PendingAction = Extract<UnitAction, 'onboarding' | 'start-signing' | 'sign' | 'payment'>;

export function hasPendingAction(action: UnitAction): action is PendingAction {
  return action === 'onboarding' || action === 'start-signing' || action === 'sign' || action === 'payment';
}

/** Button texts of the actions: their keys in the orders catalogue. */
export const ACTION_KEYS = {
  onboarding: 'actions.onboarding',
  processing: 'actions.processing',
  'start-signing': 'actions.sign',
  sign: 'actions.sign',
  payment: 'actions.payment',
  paid: 'actions.paid',
} as const satisfies Record<Exclude<UnitAction, 'none'>, `actions.${string}`>;

export type StepState = 'completed' | 'current' | 'upcoming';

/**
 * The timeline steps, each named by its stage (TIMELINE_STEP_STAGES): before the unit's step completed,
 * its step current, later ones upcoming.
 */
export function timelineStates(status: Stage): { stage: Stage; state: StepState }[] {
  const current = timelineStep(status);
  // Only steps behind the unit are ticked. The product this portal replaces ticked every step at
  // ORDER_PLACED, which read as "delivered" to a buyer (decision 133).
  return TIMELINE_STEP_STAGES.map((stage, index) => ({
    stage,
    state: index === current ? 'current' : index < current ? 'completed' : 'upcoming',
  }));
}

/**
 * When the unit reached each timeline step, by step position: the order's date for Order Placed, then
 * the last time a status event moved the unit onto the step (a unit sent back and forward again
 * reached it most recently then). A step the unit skipped has no date.
 */
export function stepReachedDates(
  events: readonly OrderEventDto[],
  unit: { itemNumber: number; itemId?: number | undefined },
  orderDate: string,
): (string | undefined)[] {
  const dates: (string | undefined)[] = TIMELINE_STEPS.map(() => undefined);
  dates[0] = orderDate;
  const moves = events
    .filter((event) => {
      const data = event.data;
      if ((data.type ?? event.type) !== ITEM_STATUS_EVENT) return false;
      const namesUnit =
        data.itemNumber === unit.itemNumber ||
        (unit.itemId !== undefined && data.orderItemId === unit.itemId);
      return namesUnit && typeof data.status === 'string' && isStage(data.status);
    })
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const move of moves) {
    const { status, oldStatus } = move.data;
    if (typeof status !== 'string' || !isStage(status)) continue;
    const from = typeof oldStatus === 'string' && isStage(oldStatus) ? oldStatus : 'ORDER_PLACED';
    const step = timelineStep(status);
    if (step > 0 && timelineStep(from) !== step) dates[step] = move.timestamp;
  }
  return dates;
}

/**
 * The unit's last move when it was a correction (a partner's allowed move back to an earlier stage,
 * recorded with `correction: true`, decision 267): when, from which stage and to which. Undefined when
 * the unit moved on since, or was never corrected.
 */
export function latestCorrection(
  events: readonly OrderEventDto[],
  unit: { itemNumber: number; itemId?: number | undefined },
): { at: string; from: Stage; to: Stage } | undefined {
  const last = events
    .filter((event) => {
      const data = event.data;
      if ((data.type ?? event.type) !== ITEM_STATUS_EVENT) return false;
      return (
        data.itemNumber === unit.itemNumber || (unit.itemId !== undefined && data.orderItemId === unit.itemId)
      );
    })
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))
    .at(-1);
  if (last?.data.correction !== true) return undefined;
  const { oldStatus: from, status: to } = last.data;
  if (typeof from !== 'string' || typeof to !== 'string' || !isStage(from) || !isStage(to)) return undefined;
  return { at: last.timestamp, from, to };
}
