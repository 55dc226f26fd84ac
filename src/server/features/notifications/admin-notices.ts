import { eq } from 'drizzle-orm';
import type { NotificationSettings } from '../../../shared/schemas/settings.js';
import { orderName, unitName } from '../../../shared/unit-name.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { adminNoticeMail } from '../../mail/templates.js';
import { findOrderForStaffNotice } from '../orders/index.js';
import { readSettingsIn } from '../settings/index.js';
import { enqueueMail, type MailKind } from './outbox.js';

/** The admin e-mails the Notifications settings switch on and off (newOrderAlerts, paymentProcessing, documentSigning). */
export type AdminNotice =
  | { kind: 'new-order'; orderId: number }
  | {
      kind: 'payment';
      orderId: number;
      /** The unit, when one is meant: its id tells notices apart, its number names it in the mail. */
      orderItemId?: number;
      itemNumber?: number;
      paymentStatus: string;
      amount?: string | null;
    }
  | {
      kind: 'document-signing';
      orderId: number;
      orderItemId?: number;
      itemNumber?: number;
      documentStatus: 'ready' | 'signed';
    };

const SETTING: Record<AdminNotice['kind'], keyof NotificationSettings> = {
  'new-order': 'newOrderAlerts',
  payment: 'paymentProcessing',
  'document-signing': 'documentSigning',
};

const MAIL_KIND: Record<AdminNotice['kind'], MailKind> = {
  'new-order': 'admin-new-order',
  payment: 'admin-payment',
  'document-signing': 'admin-document-signing',
};

/**
 * Queues an e-mail to every admin for this notice, when its Notifications setting is on, in the
 * caller's transaction (sent after commit by the mail worker).
 */
export async function enqueueAdminNotice(tx: Executor, notice: AdminNotice, now: Date): Promise<void> {
  const preferences = await readSettingsIn(tx, 'notifications');
  if (!preferences[SETTING[notice.kind]]) return;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'ADMIN'));
  if (admins.length === 0) return;
  const order = await findOrderForStaffNotice(tx, notice.orderId);
  if (!order) return;

  const { subject, lines } = describe(notice, order);
  const unit = 'orderItemId' in notice && notice.orderItemId ? `:${notice.orderItemId}` : '';
  for (const admin of admins) {
    await enqueueMail(
      tx,
      {
        ...adminNoticeMail({ to: admin.email, subject, lines, orderId: notice.orderId }),
        kind: MAIL_KIND[notice.kind],
        dedupeKey: `${MAIL_KIND[notice.kind]}:${notice.orderId}${unit}:${detail(notice)}:${now.toISOString()}:${admin.email}`,
      },
      now,
    );
  }
}

function detail(notice: AdminNotice): string {
  switch (notice.kind) {
    case 'new-order':
      return 'created';
    case 'payment':
      return notice.paymentStatus;
    case 'document-signing':
      return notice.documentStatus;
  }
}

function describe(
  notice: AdminNotice,
  order: { orderNumber: string; productName: string; quantity: number; customerEmail: string | null },
): { subject: string; lines: string[] } {
  const customer = `Customer: ${order.customerEmail ?? 'Guest'}`;
  // A notice about one unit names it as every screen does; one about the whole order names the order.
  const what =
    notice.kind !== 'new-order' && notice.itemNumber !== undefined
      ? unitName(order.orderNumber, notice.itemNumber)
      : `order ${orderName(order.orderNumber)}`;
  const product = `Product: ${order.productName}${order.quantity > 1 ? ` (${order.quantity} units)` : ''}`;
  switch (notice.kind) {
    case 'new-order':
      return {
        subject: `New order ${orderName(order.orderNumber)}`,
        lines: [`Order ${orderName(order.orderNumber)} was placed.`, product, customer],
      };
    case 'payment':
      return {
        subject: `Payment ${notice.paymentStatus} for ${what}`,
        lines: [
          `A payment for ${what} is ${notice.paymentStatus}.`,
          ...(notice.amount ? [`Amount: ${notice.amount}`] : []),
          product,
          customer,
        ],
      };
    case 'document-signing': {
      const state = notice.documentStatus === 'ready' ? 'ready to sign' : 'signed';
      return {
        subject: `Document ${state} for ${what}`,
        lines: [`The document for ${what} is ${state}.`, product, customer],
      };
    }
  }
}
