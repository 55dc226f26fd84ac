/** How the back office names orders, stages, events and waiting times. Pure, so tested directly. */
import { counted } from '../../../shared/plural.js';
import type { ActivityEvent } from '../../../shared/schemas/admin-orders.js';
import { isStage, STAGE_LABELS } from '../../../shared/stages.js';

/** The order's own back-office page, by its internal id. */
export function orderPageUrl(id: number): string {
  return `/admin/orders/${id}`;
}

/** The orders list filtered to these stages (dashboard cards and stage bars). */
export function stageListUrl(stages: readonly string[]): string {
  return `/admin/orders?status=${stages.join(',')}`;
}

/** Guest orders (no customer) say 'Guest'. */
export function customerLabel(email: string | null): string {
  return email ?? 'Guest';
}

function stageName(value: unknown): string {
  if (typeof value !== 'string') return 'unknown';
  return isStage(value) ? STAGE_LABELS[value] : value;
}

/** 'PAYMENT_SUCCEEDED' → 'Payment succeeded'. */
function sentence(type: string): string {
  const words = type.toLowerCase().replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an event did, in one line: 'Unit 2: Document Signing → Payment Pending'. */
export function activityText(event: Pick<ActivityEvent, 'type' | 'data' | 'stage'>): string {
  const { data } = event;
  switch (event.type) {
    case 'ORDER_ITEM_STATUS_UPDATED': {
      const unit = typeof data.itemNumber === 'number' ? `Unit ${data.itemNumber}` : 'Status';
      const change =
        data.oldStatus === undefined || data.oldStatus === null
          ? stageName(data.status)
          : `${stageName(data.oldStatus)} → ${stageName(data.status)}`;
      // A partner's allowed move back (decision 267) is named as the correction it is.
      return `${unit}: ${change}${data.correction === true ? ' (correction)' : ''}`;
    }
    case 'INTERNAL_NOTE':
      return typeof data.text === 'string' ? data.text : '';
    case 'ORDER_CREATED':
      return typeof data.quantity === 'number' && data.quantity > 1
        ? `Order created with ${data.quantity} units`
        : 'Order created';
    default: {
      const at = event.stage && isStage(event.stage) ? ` (${STAGE_LABELS[event.stage]})` : '';
      return `${sentence(event.type)}${at}`;
    }
  }
}

export const ACTOR_KIND_LABELS: Record<ActivityEvent['actor']['kind'], string> = {
  admin: 'Admin',
  customer: 'Customer',
  webhook: 'Webhook',
  stripe: 'Payment provider',
  system: 'System',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a unit has waited: '12 days', '5 hours', 'Less than an hour'. */
export function waitedFor(since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed >= DAY) return counted(Math.floor(elapsed / DAY), 'day', 'days');
  if (elapsed >= HOUR) return counted(Math.floor(elapsed / HOUR), 'hour', 'hours');
  return 'Less than an hour';
}
