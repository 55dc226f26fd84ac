import { and, eq, inArray, like } from 'drizzle-orm';
import { can, STAFF_ROLES } from '../../../shared/permissions.js';
import type { Executor } from '../../db/client.js';
import { mailOutbox, users } from '../../db/schema.js';
import { recipientLocale } from '../../mail/i18n.js';
import { conversationMessageMail } from '../../mail/templates.js';
import { readSettingsIn } from '../settings/index.js';
import { enqueueMail } from './outbox.js';

/** Staff roles that answer customers: they hear of conversations waiting for an answer. */
const ANSWERING_ROLES = STAFF_ROLES.filter((role) => can(role, 'orders.messages'));

export interface MessageMail {
  order: { id: number; orderId: string; userId: number | null };
  message: { id: number; text: string; authorName: string };
  /** The customer's read marker before this message (their unread stretch starts after it). */
  customerLastRead: number;
  now: Date;
  sendAt: Date;
}

/**
 * A staff reply: the customer is mailed once per stretch of unread staff messages, held back until
 * `sendAt` and withdrawn if they read it before (decision 159); never when their e-mail is off.
 */
export async function enqueueReplyMail(tx: Executor, mail: MessageMail): Promise<void> {
  const { order, message } = mail;
  if (!order.userId) return;
  const [owner] = await tx
    .select({ email: users.email, prefs: users.notificationPrefs })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner?.prefs.email) return;
  await enqueueMail(
    tx,
    {
      ...conversationMessageMail({
        to: owner.email,
        locale: await recipientLocale(tx, owner.email),
        orderNumber: order.orderId,
        authorName: message.authorName,
        excerpt: message.text,
        path: `/orders/${order.id}`,
        forStaff: false,
      }),
      kind: 'message-to-customer',
      dedupeKey: `message-to-customer:${order.id}:${order.userId}:${mail.customerLastRead}`,
    },
    mail.now,
    mail.sendAt,
  );
}

/**
 * A customer message that starts a wait for an answer: every staff member who answers customers is
 * mailed (Settings → Notifications → Customer Messages), held back until `sendAt`; a staff reply
 * withdraws them all, a staff member reading the conversation withdraws theirs.
 */
export async function enqueueWaitingMail(tx: Executor, mail: MessageMail): Promise<void> {
  const preferences = await readSettingsIn(tx, 'notifications');
  if (!preferences.customerMessages) return;
  const staff = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.role, ANSWERING_ROLES as string[] as (typeof users.role._.data)[]));
  for (const member of staff) {
    await enqueueMail(
      tx,
      {
        ...conversationMessageMail({
          to: member.email,
          orderNumber: mail.order.orderId,
          authorName: mail.message.authorName,
          excerpt: mail.message.text,
          path: `/admin/orders/${mail.order.id}`,
          forStaff: true,
        }),
        kind: 'message-to-staff',
        dedupeKey: `message-to-staff:${mail.order.id}:${member.id}:${mail.message.id}`,
      },
      mail.now,
      mail.sendAt,
    );
  }
}

/**
 * Withdraws conversation mails not yet sent: the reader's own (they have read it), or with no reader
 * every staff mail of the order (someone answered).
 */
export async function withdrawMessageMail(
  tx: Executor,
  target: { orderId: number; kind: 'customer' | 'staff'; userId?: number },
): Promise<void> {
  const kind = target.kind === 'customer' ? 'message-to-customer' : 'message-to-staff';
  const prefix =
    target.userId === undefined
      ? `${kind}:${target.orderId}:`
      : `${kind}:${target.orderId}:${target.userId}:`;
  await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, kind),
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.attempts, 0),
        like(mailOutbox.dedupeKey, `${prefix}%`),
      ),
    );
}
