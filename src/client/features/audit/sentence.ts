/**
 * An audit entry as a sentence staff read (decision 291): "Ana Ruiz moved VH1002 · Unit 2 from Payment
 * to Site Preparation". The actor and the target are named, and linked while they exist; codes
 * (actions, stages, roles) never show. An action this page does not know yet (a newer server, another
 * capability's new entry) still reads as a sentence made from its name. English, as the back office is
 * (decision 178); stage and role names come from the caller, which reads them from the catalogue.
 */

import { counted } from '../../../shared/plural.js';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { isStage, type Stage } from '../../../shared/stages.js';
import { orderName, unitName } from '../../../shared/unit-name.js';

/** A piece of the sentence: words, or a name that links to what it names. */
export type SentencePart = { text: string; href?: string; strong?: boolean };

export interface SentenceWords {
  stageName: (stage: Stage) => string;
  roleName: (role: string) => string;
}

/** The category of Settings a `settings.updated` entry names, in the tab's words. */
const SETTINGS_NAMES: Record<string, string> = {
  general: 'General',
  notifications: 'Notifications',
  integrations: 'Integrations',
  security: 'Security',
  deliveryEstimates: 'Delivery Estimates',
  'delivery-estimates': 'Delivery Estimates',
  serviceAreas: 'Service Areas',
};

/** 'orders.bulk_status_changed' → 'orders: bulk status changed', for an action with no sentence of its own. */
export function actionWords(action: string): string {
  const [subject = '', ...rest] = action.split('.');
  const words = (text: string) => text.replace(/[_-]+/g, ' ').trim();
  return rest.length === 0 ? words(subject) : `${words(subject)}: ${words(rest.join(' '))}`;
}

/** What a page's "What" filter and a sentence-less entry call each action. */
export const ACTION_LABELS: Record<string, string> = {
  'staff.signed_in': 'Staff signed in',
  'staff.sign_in_failed': 'Staff sign-in failed',
  'staff.sign_in_paused': 'Staff sign-in codes paused',
  'session.ended': 'Session ended',
  'user.sessions_ended': 'All sessions of a user ended',
  'user.password_changed': 'Own password changed',
  'user.password_reset': 'Own password reset',
  'second_factor.added': 'Second factor added',
  'second_factor.removed': 'Second factor removed',
  'second_factor.recovery_codes_replaced': 'Recovery codes replaced',
  'user.second_factor_removed': 'Second factor of a user removed',
  'order.status_changed': 'Stage changed',
  'orders.bulk_status_changed': 'Stage changed in bulk',
  'order.note_added': 'Note added',
  'order.message_posted': 'Message to a customer',
  'order_item.document_added': 'Document attached to a unit',
  'order.deleted': 'Order deleted',
  'orders.bulk_deleted': 'Orders deleted in bulk',
  'orders.exported': 'Orders exported',
  'order.exported': 'Order exported',
  'orders.imported': 'Orders imported',
  'order.tracking_link_replaced': 'Tracking link replaced',
  'user.created': 'User added with a password',
  'user.invited': 'Staff member invited',
  'user.invitation_accepted': 'Invitation accepted',
  'user.updated': 'User edited',
  'user.role_changed': 'Role changed',
  'user.email_changed': 'E-mail changed',
  'user.password_reset_sent': 'Password reset sent',
  'user.deleted': 'User deleted',
  'settings.updated': 'Settings changed',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'service_area.added': 'Service area added',
  'service_area.removed': 'Service area removed',
  'service_areas.revalidated': 'Locations revalidated',
  'delivery_slot.published': 'Delivery day published',
  'delivery_slot.removed': 'Delivery day removed',
  'signing_secret.rotated': 'Signing secret replaced',
  'outbound_webhook.retried': 'Outbound webhook retried',
  'webhook_event.replayed': 'Webhook delivery replayed',
  'audit_log.exported': 'Audit log exported',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? sentenceCase(actionWords(action));

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A second factor's kind in words. */
function factorWords(kind: unknown, fallback: string): string {
  if (kind === 'totp') return 'an authenticator app';
  if (kind === 'passkey') return 'a passkey';
  return fallback;
}

/** Where the back office shows a named target. */
function hrefOf(link: NonNullable<AuditEntry['target']['link']>): string {
  if (link.to === 'order') return `/admin/orders/${encodeURIComponent(link.id)}`;
  if (link.to === 'customer') return `/admin/customers?${new URLSearchParams({ q: link.id })}`;
  return '/admin/settings?tab=users';
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** `{from, to}` as the settings and user edits record a change. */
function toValue(value: unknown): unknown {
  return value && typeof value === 'object' && 'to' in value ? (value as { to: unknown }).to : value;
}
function fromValue(value: unknown): unknown {
  return value && typeof value === 'object' && 'from' in value
    ? (value as { from: unknown }).from
    : undefined;
}

export function auditSentence(entry: AuditEntry, words: SentenceWords): SentencePart[] {
  const changes = entry.changes ?? {};
  const actor: SentencePart = { text: entry.actor.name || entry.actor.email, strong: true };
  const target = entry.target;
  const targetName = target.name ?? undefined;
  const link = target.link ? hrefOf(target.link) : undefined;
  const named = (fallback: string): SentencePart => ({
    text: targetName ?? fallback,
    href: link,
    strong: true,
  });
  const stage = (value: unknown) =>
    typeof value === 'string' && isStage(value) ? words.stageName(value) : str(value);
  const role = (value: unknown) => (typeof value === 'string' ? words.roleName(value) : '');
  const say = (...parts: (SentencePart | string | undefined | false)[]): SentencePart[] => [
    actor,
    ...parts
      .filter((p): p is SentencePart | string => Boolean(p))
      .map((p) => (typeof p === 'string' ? { text: p } : p)),
  ];
  const order = () => named('an order');
  const user = () => named('a user');
  const itemNumber = num(changes.itemNumber);
  const unitOrOrder = (): SentencePart =>
    itemNumber !== undefined && targetName
      ? { text: unitName(orderName(targetName), itemNumber), href: link, strong: true }
      : order();
  const countOf = (list: unknown, one: string, other: string) =>
    counted(Array.isArray(list) ? list.length : 0, one, other);

  switch (entry.action) {
    case 'staff.signed_in':
      return say(' signed in');
    case 'staff.sign_in_failed':
      return say(' entered a wrong sign-in code');
    case 'staff.sign_in_paused':
      return say('’s sign-in codes were paused after too many wrong tries');
    case 'session.ended':
      return say(' ended a session', str(changes.device) && ` (${str(changes.device)})`);
    case 'user.sessions_ended':
      return say(' ended every session of ', user());
    case 'user.password_changed':
      return say(' changed their password');
    case 'user.password_reset':
      return say(' reset their password with a mailed code');
    case 'second_factor.added':
      return say(` added ${factorWords(changes.factor, 'a second factor')} to their account`);
    case 'second_factor.removed':
      return say(` removed ${factorWords(changes.factor, 'a second factor')} from their account`);
    case 'second_factor.recovery_codes_replaced':
      return say(' replaced their recovery codes');
    case 'user.second_factor_removed':
      return say(' removed the second factors of ', user());
    case 'order.status_changed': {
      const from = stage(changes.from);
      return say(' moved ', unitOrOrder(), from && ` from ${from}`, ` to ${stage(changes.status) ?? '?'}`);
    }
    case 'orders.bulk_status_changed':
      return say(` moved ${countOf(changes.orderIds, 'order', 'orders')} to ${stage(changes.status) ?? '?'}`);
    case 'order.note_added':
      return say(' added a note to ', order());
    case 'order.message_posted':
      return say(' wrote to the customer of ', order());
    case 'order_item.document_added':
      return say(
        ' attached ',
        str(changes.title) ? `“${str(changes.title)}”` : 'a document',
        ' to ',
        order(),
      );
    case 'order.deleted':
      return say(' deleted ', order());
    case 'orders.bulk_deleted':
      return say(` deleted ${countOf(changes.orders, 'order', 'orders')}`);
    case 'orders.exported':
      return say(' exported the orders list');
    case 'order.exported':
      return say(' exported ', order());
    case 'orders.imported': {
      const rows = num(changes.rows);
      return say(' imported ', rows === undefined ? 'orders' : counted(rows, 'row', 'rows'));
    }
    case 'order.tracking_link_replaced':
      return say(' replaced the tracking link of ', order());
    case 'user.created':
      return say(' added ', user(), str(changes.role) && ` as ${role(changes.role)}`);
    case 'user.invited':
      return say(' invited ', user(), str(changes.role) && ` as ${role(changes.role)}`);
    case 'user.invitation_accepted':
      return say(' accepted their invitation and chose a password');
    case 'user.updated':
      return say(' edited ', user());
    case 'user.role_changed': {
      const from = fromValue(changes.role);
      return say(
        ' changed the role of ',
        user(),
        str(from) && ` from ${role(from)}`,
        ` to ${role(toValue(changes.role))}`,
      );
    }
    case 'user.email_changed':
      return say(' changed the e-mail address of ', user());
    case 'user.password_reset_sent':
      return say(' sent a password reset to ', user());
    case 'user.deleted':
      return say(' deleted the account of ', user());
    case 'settings.updated': {
      const category = target.id ? (SETTINGS_NAMES[target.id] ?? sentenceCase(actionWords(target.id))) : '';
      return say(` changed the ${category ? `${category} ` : ''}settings`);
    }
    case 'api_key.created':
      return say(' created the API key ', { text: `“${str(changes.name) ?? ''}”`, strong: true });
    case 'api_key.revoked':
      return say(' revoked the API key ', { text: `“${str(changes.name) ?? ''}”`, strong: true });
    case 'service_area.added':
      return say(' added the service area ', { text: target.id ?? '', strong: true });
    case 'service_area.removed':
      return say(' removed the service area ', { text: target.id ?? '', strong: true });
    case 'service_areas.revalidated':
      return say(' revalidated the locations of waiting orders');
    case 'delivery_slot.published':
      return say(
        ' published the delivery day ',
        { text: str(changes.date) ?? '', strong: true },
        num(changes.capacity) !== undefined && ` for ${counted(num(changes.capacity) ?? 0, 'unit', 'units')}`,
      );
    case 'delivery_slot.removed':
      return say(' removed the delivery day ', { text: str(changes.date) ?? '', strong: true });
    case 'signing_secret.rotated':
      return say(' replaced the webhook signing secret');
    case 'outbound_webhook.retried':
      return say(' retried an outbound webhook delivery');
    case 'webhook_event.replayed':
      return say(' replayed a webhook delivery');
    case 'audit_log.exported':
      return say(' exported the audit log');
    default:
      // A newer action: its name in words, and what it was about.
      return say(
        ` recorded “${actionWords(entry.action)}”`,
        targetName ? ' on ' : undefined,
        targetName ? named(targetName) : undefined,
      );
  }
}
