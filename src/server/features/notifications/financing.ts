import type { FinancingState } from '../../../shared/schemas/financing.js';
import type { Executor } from '../../db/client.js';
import { mailText, mailUnitName, recipientLocale } from '../../mail/i18n.js';
import { financingMail } from '../../mail/templates.js';
import { enqueueMail } from './outbox.js';

export interface FinancingNotice {
  to: string;
  applicationId: number;
  orderId: number;
  orderNumber: string;
  itemNumber: number;
  productName: string;
  provider: string;
  state: Extract<FinancingState, 'submitted' | 'approved' | 'declined'>;
}

/**
 * Queues the customer's mail about their financing application (received, approved, declined) in the
 * change's transaction, in their language. Sent whatever the notification toggles say: it answers
 * the customer's own application. One mail per application and state.
 */
export async function enqueueFinancingMail(tx: Executor, notice: FinancingNotice, now: Date): Promise<void> {
  const locale = await recipientLocale(tx, notice.to);
  const unit = mailUnitName(notice.orderNumber, notice.itemNumber, locale);
  const mail = financingMail({
    to: notice.to,
    locale,
    orderId: notice.orderId,
    subject: mailText(locale, 'financing.subject', { unit, state: notice.state }),
    line: mailText(locale, `financing.${notice.state}`, {
      unit,
      product: notice.productName,
      provider: notice.provider,
    }),
  });
  await enqueueMail(
    tx,
    {
      ...mail,
      kind: 'financing',
      dedupeKey: `financing:${notice.applicationId}:${notice.state}:${now.getTime()}`,
    },
    now,
  );
}
