import { eq, inArray, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';
import { mailOutbox, users } from '../../db/schema.js';
import { accountLocale, mailStageLabel } from '../../mail/i18n.js';
import { stageChangeMail } from '../../mail/templates.js';
import type { OrderEvent } from '../orders/index.js';
import { enqueueMail } from './outbox.js';

type StatusChanged = Extract<OrderEvent, { type: 'units.status_changed' }>;

/**
 * Queues the owner's e-mail about a stage change, in the change's own transaction (sent after commit
 * by the mail worker). The owner is told of changes made by others, not of the moves they asked for
 * themselves, and only when their e-mail notifications are on.
 */
export async function enqueueStageChangeMail(tx: Executor, event: StatusChanged): Promise<void> {
  const { order, changed, actor, at } = event;
  const to = changed[0]?.to;
  if (!to || !event.notifyCustomer || !order.userId) return;
  if (actor.kind === 'customer' && actor.userId === order.userId) return;
  const [owner] = await tx
    .select({
      email: users.email,
      prefs: users.notificationPrefs,
      locale: users.locale,
      browserLocale: users.browserLocale,
    })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner?.prefs.email) return;
  const locale = accountLocale(owner);
  const itemIds = changed.map((unit) => unit.itemId).join(',');
  await enqueueMail(
    tx,
    {
      ...stageChangeMail({
        to: owner.email,
        locale,
        orderId: order.id,
        orderNumber: order.orderId,
        productName: order.productName,
        quantity: order.quantity,
        itemNumbers: changed.map((unit) => unit.itemNumber),
        stageLabel: mailStageLabel(to, locale),
      }),
      kind: 'stage-change',
      dedupeKey: `stage-change:${order.id}:${itemIds}:${to}:${at.toISOString()}`,
    },
    at,
  );
}

type BulkStatusChanged = Extract<OrderEvent, { type: 'units.bulk_status_changed' }>;

/**
 * The owners' e-mails about a bulk stage change (a bulk job): the same mail per order as
 * `enqueueStageChangeMail` queues, with the owners read in one query and the mails written in one
 * statement rather than two statements per order.
 */
export async function enqueueStageChangeMails(tx: Executor, event: BulkStatusChanged): Promise<void> {
  if (!event.notifyCustomer) return;
  const { actor, at, to } = event;
  const owned = event.orders.filter(
    (order) => order.userId !== null && !(actor.kind === 'customer' && actor.userId === order.userId),
  );
  const ownerIds = [...new Set(owned.map((order) => order.userId as number))];
  if (ownerIds.length === 0) return;
  const owners = new Map(
    (
      await tx
        .select({
          id: users.id,
          email: users.email,
          prefs: users.notificationPrefs,
          locale: users.locale,
          browserLocale: users.browserLocale,
        })
        .from(users)
        .where(inArray(users.id, ownerIds))
    ).map((owner) => [owner.id, owner]),
  );
  const mails = {
    to: [] as string[],
    subject: [] as string[],
    text: [] as string[],
    html: [] as (string | null)[],
    key: [] as string[],
  };
  for (const order of owned) {
    const owner = owners.get(order.userId as number);
    if (!owner?.prefs.email) continue;
    const locale = accountLocale(owner);
    const mail = stageChangeMail({
      to: owner.email,
      locale,
      orderId: order.id,
      orderNumber: order.orderNumber,
      productName: order.productName,
      quantity: order.quantity,
      itemNumbers: order.changed.map((unit) => unit.itemNumber),
      stageLabel: mailStageLabel(to, locale),
    });
    const itemIds = order.changed.map((unit) => unit.itemId).join(',');
    mails.to.push(mail.to);
    mails.subject.push(mail.subject);
    mails.text.push(mail.text);
    mails.html.push(mail.html ?? null);
    mails.key.push(`stage-change:${order.id}:${itemIds}:${to}:${at.toISOString()}`);
  }
  if (mails.to.length === 0) return;
  // One statement with five array parameters: thousands of rows of nine bound values each cost more to
  // build and parse than the rows cost to write.
  const stamp = at.toISOString();
  await tx.execute(sql`
    insert into ${mailOutbox} (kind, "to", subject, text, html, dedupe_key, next_attempt_at, created_at)
    select 'stage-change', m.recipient, m.subject, m.body, m.html, m.key, ${stamp}::timestamptz, ${stamp}::timestamptz
    from unnest(${arrayParam(mails.to, 'text[]')}, ${arrayParam(mails.subject, 'text[]')},
      ${arrayParam(mails.text, 'text[]')}, ${arrayParam(mails.html, 'text[]')}, ${arrayParam(mails.key, 'text[]')})
      as m(recipient, subject, body, html, key)
    on conflict (dedupe_key) do nothing`);
}
