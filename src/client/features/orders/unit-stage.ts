/**
 * What a unit's status means on its card: border colour, hints and the customer's action. Pure, so the
 * rules are tested directly.
 */
import { isDocumentReady, isPaidStatus } from '../../../shared/schemas/orders.js';
import { type Stage, TIMELINE_STEPS, timelineStep } from '../../../shared/stages.js';
import { formatDate } from '../../lib/dates';
import { stageColours } from '../../lib/stage-colours';
import type { OrderUnit } from './item-status';

/**
 * The card's border: the stage group's colour, the same as the back office's badges (delivered green;
 * location, documents and payment primary; site and production amber; else the plain border).
 */
export function unitBorderClass(status: Stage): string {
  return stageColours(status).border;
}

/** The timeline's hints for the unit's stage, then its expected delivery when a date exists. */
export function unitHints(unit: Pick<OrderUnit, 'status' | 'deliveryDate'>): string[] {
  const hints: string[] = [];
  if (unit.status === 'PRODUCTION') hints.push('Order currently in production');
  if (unit.status === 'SITE_PREP') hints.push('Site preparation underway');
  if (unit.status === 'FINAL_DOCUMENTS') hints.push('Finalizing documentation');
  const delivery = formatDate(unit.deliveryDate);
  if (delivery) hints.push(`Expected delivery: ${delivery}`);
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

/** Button texts of the actions. */
export const ACTION_LABELS: Record<Exclude<UnitAction, 'none'>, string> = {
  onboarding: 'Complete onboarding form',
  processing: 'Documents processing',
  'start-signing': 'Sign required documents',
  sign: 'Sign required documents',
  payment: 'Complete payment',
  paid: 'Deposit Paid',
};

export type StepState = 'completed' | 'current' | 'upcoming';

/** The timeline steps: before the unit's step completed, its step current, later ones upcoming. */
export function timelineStates(status: Stage): { label: string; state: StepState }[] {
  const current = timelineStep(status);
  return TIMELINE_STEPS.map((label, index) => {
    if (index === current) return { label, state: 'current' };
    // Quirk kept from the product this portal replaces: at ORDER_PLACED every other step shows completed.
    if (status === 'ORDER_PLACED') return { label, state: 'completed' };
    return { label, state: index < current ? 'completed' : 'upcoming' };
  });
}
