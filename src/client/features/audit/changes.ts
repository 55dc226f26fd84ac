/**
 * An entry's changes as a before/after table instead of JSON (decision 291): one row per field, a
 * recorded `{from, to}` as its two sides, a plain value as what it was set to. Stages and roles read by
 * name, a secret as "changed" (never its value: the server only ever kept "(changed)", and hides any
 * secret or personal value when the log is read). The API and the CSV keep the stored codes.
 */
import { SECRET_CHANGED, VALUE_HIDDEN } from '../../../shared/schemas/audit.js';
import { isStage } from '../../../shared/stages.js';
import type { SentenceWords } from './sentence';

export interface ChangeRow {
  field: string;
  /** Empty when the entry kept no earlier value. */
  before: string;
  after: string;
}

/** Words a reader knows for the keys entries keep; any other key is spelled out from its name. */
const FIELD_NAMES: Record<string, string> = {
  status: 'Stage',
  from: 'Stage before',
  itemNumber: 'Unit',
  orderIds: 'Orders',
  orders: 'Orders',
  filters: 'Filter',
  filter: 'Filter',
  text: 'Text',
  email: 'E-mail',
  role: 'Role',
  q: 'Search',
  userAgent: 'Browser',
  device: 'Device',
  ip: 'IP address',
  zipCodes: 'ZIP codes',
};

export function fieldName(key: string): string {
  const known = FIELD_NAMES[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(key: string, value: unknown, words: SentenceWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === SECRET_CHANGED) return 'changed (not shown)';
  if (value === VALUE_HIDDEN) return 'hidden';
  if (typeof value === 'string') {
    if ((key === 'status' || key === 'from') && isStage(value)) return words.stageName(value);
    if (key === 'role') return words.roleName(value);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean')
    return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, words)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A deleted order as its entry kept it: its name.
    if (typeof record.orderId === 'string') return record.orderId;
    return Object.entries(record)
      .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${fieldName(k)}: ${valueText(k, v, words)}`)
      .join('; ');
  }
  return String(value);
}

const isFromTo = (value: unknown): value is { from?: unknown; to?: unknown } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && ('from' in value || 'to' in value);

/**
 * The rows of `changes`; `omit` leaves out what the entry's sentence already says (the stage of a
 * move, for instance).
 */
export function changeRows(
  changes: Record<string, unknown>,
  words: SentenceWords,
  omit: readonly string[] = [],
): ChangeRow[] {
  const rows: ChangeRow[] = [];
  // A move records the stage it left beside the new one: one row, before and after.
  if (!omit.includes('status') && typeof changes.status === 'string' && typeof changes.from === 'string') {
    rows.push({
      field: 'Stage',
      before: valueText('from', changes.from, words),
      after: valueText('status', changes.status, words),
    });
  }
  for (const [key, value] of Object.entries(changes)) {
    if (omit.includes(key) || value === undefined) continue;
    if ((key === 'status' || key === 'from') && typeof changes.from === 'string') continue;
    if (isFromTo(value)) {
      rows.push({
        field: fieldName(key),
        before: 'from' in value ? valueText(key, value.from, words) : '',
        after: valueText(key, value.to, words),
      });
    } else {
      rows.push({ field: fieldName(key), before: '', after: valueText(key, value, words) });
    }
  }
  return rows;
}

/** What an action's sentence already says from its changes, left out of its table. */
export const SAID_IN_SENTENCE: Record<string, readonly string[]> = {
  'order.status_changed': ['status', 'from', 'itemNumber'],
  'orders.bulk_status_changed': ['status'],
  'user.created': ['role', 'email'],
  'user.invited': ['role', 'email'],
  'second_factor.added': ['factor'],
  'second_factor.removed': ['factor'],
  'user.role_changed': ['role'],
  'api_key.created': ['name'],
  'api_key.revoked': ['name'],
  'delivery_slot.published': ['date', 'capacity'],
  'delivery_slot.removed': ['date'],
  'order.deleted': ['order'],
  'order_item.document_added': ['title', 'orderId'],
  'session.ended': ['device'],
};
