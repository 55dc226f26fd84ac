import { and, asc, desc, eq, getTableName, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  type ConversationsPage,
  type ConversationsQuery,
  firstLineOf,
  type MessageDto,
  type NewMessage,
  type UnreadSummary,
} from '../../../shared/schemas/conversations.js';
import type { Db, Executor } from '../../db/client.js';
import { conversationReads, conversations, orderMessages, uploads, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { publishMessageCreated } from '../../live/publish.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { enqueueReplyMail, enqueueWaitingMail, withdrawMessageMail } from '../notifications/index.js';
import { lockOrderRow, orderIdsOfCustomer, orderSummaries } from '../orders/index.js';
import { readSettingsIn } from '../settings/index.js';
import type { Reader } from './access.js';
import { conversationsErrors } from './errors.js';
import { bindToOrder, toUploadDto } from './uploads.js';

type Kind = 'customer' | 'staff';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part?.trim()).join(' ');

/**
 * How an author is named (decision 158): a customer by their name; a staff member by their first name
 * only, or the company's team when they have none. A staff e-mail address is never shown.
 */
async function authorNames(
  executor: Executor,
  rows: readonly { authorKind: Kind; authorId: number | null }[],
): Promise<(row: { authorKind: Kind; authorId: number | null }) => string> {
  const ids = [...new Set(rows.map((row) => row.authorId).filter((id): id is number => id !== null))];
  const people = ids.length
    ? await executor
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const { companyName } = await readSettingsIn(executor, 'general');
  const team = `${companyName} team`;
  return (row) => {
    const person = row.authorId === null ? undefined : byId.get(row.authorId);
    if (row.authorKind === 'staff') return person?.firstName?.trim() || team;
    return (person && fullName(person.firstName, person.lastName)) || 'Customer';
  };
}

/**
 * The conversation's order id written with its table's name: drizzle leaves a column unqualified in a
 * query of one table, and inside the subquery below a bare `order_id` would be the message's own.
 */
const conversationOrderId = sql`${sql.identifier(getTableName(conversations))}.${sql.identifier(conversations.orderId.name)}`;

/** Messages of the other side after the reader's marker, per order. */
function unreadCount(kind: Kind, userId: number) {
  const other: Kind = kind === 'customer' ? 'staff' : 'customer';
  return sql<number>`(select count(*)::int from ${orderMessages} m
    where m.order_id = ${conversationOrderId} and m.author_kind = ${other}
    and m.id > coalesce((select r.last_read_message_id from ${conversationReads} r
      where r.order_id = ${conversationOrderId} and r.user_id = ${userId}), 0))`;
}

/**
 * An order's conversation between its customer and the staff. Every message is written with the
 * order's conversation row, the poster's read marker, the live message and the mail to the other side
 * in one transaction.
 */
export function createMessageService({
  db,
  clock,
  mailDelayMs,
}: {
  db: Db;
  clock: Clock;
  /** How long a message waits unread before its reader is mailed (decision 159). */
  mailDelayMs: number;
}) {
  async function markRead(executor: Executor, orderId: number, userId: number, messageId: number) {
    await executor
      .insert(conversationReads)
      .values({ orderId, userId, lastReadMessageId: messageId })
      .onConflictDoUpdate({
        target: [conversationReads.orderId, conversationReads.userId],
        set: { lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, ${messageId})` },
      });
  }

  async function messagesOf(executor: Executor, orderId: number): Promise<MessageDto[]> {
    const rows = await executor
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, orderId))
      .orderBy(asc(orderMessages.id));
    if (rows.length === 0) return [];
    const files = await executor
      .select({
        id: uploads.id,
        name: uploads.name,
        size: uploads.size,
        contentType: uploads.contentType,
        messageId: uploads.messageId,
      })
      .from(uploads)
      .where(and(eq(uploads.orderId, orderId), isNotNull(uploads.messageId)))
      .orderBy(asc(uploads.createdAt), asc(uploads.id));
    const name = await authorNames(executor, rows);
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      author: { kind: row.authorKind, name: name(row) },
      text: row.text,
      attachments: files.filter((file) => file.messageId === row.id).map(toUploadDto),
    }));
  }

  return {
    /**
     * The conversation, oldest first. Reading it moves the reader's marker to its last message, on
     * every device at once, and withdraws the reader's mail about it not yet sent.
     */
    async list(reader: Reader, user: SessionUser): Promise<MessageDto[]> {
      const orderId = reader.order.id;
      const list = await messagesOf(db, orderId);
      const last = list.at(-1);
      if (last) {
        await db.transaction(async (tx) => {
          await markRead(tx, orderId, user.id, last.id);
          await withdrawMessageMail(tx, { orderId, kind: reader.kind, userId: user.id });
        });
      }
      return list;
    },

    /** A staff message names its `audit` actor: it is recorded with the message, in its transaction. */
    async post(
      reader: Reader,
      user: SessionUser,
      input: NewMessage,
      audit?: AuditActor,
    ): Promise<MessageDto> {
      const attachmentIds = [...new Set(input.attachmentIds ?? [])];
      if (!input.text && attachmentIds.length === 0) {
        throw conversationsErrors.MESSAGE_EMPTY('Write a message or attach a file', {
          fields: { text: 'Write a message or attach a file' },
        });
      }
      const { order } = reader;
      const now = clock.now();
      const messageId = await db.transaction(async (tx) => {
        // One message at a time per order: the conversation row's waiting time stays exact.
        await lockOrderRow(tx, order.id);
        const files = attachmentIds.length
          ? await tx
              .select({ id: uploads.id })
              .from(uploads)
              .where(
                and(
                  inArray(uploads.id, attachmentIds),
                  or(eq(uploads.orderId, order.id), isNull(uploads.orderId)),
                  eq(uploads.uploadedBy, user.id),
                  isNull(uploads.messageId),
                ),
              )
          : [];
        if (files.length !== attachmentIds.length) {
          throw conversationsErrors.ATTACHMENT_NOT_FOUND(
            'A file to attach was not found, belongs to another order or was already sent',
            {
              fields: {
                attachmentIds: 'Upload the file to this order first',
              },
            },
          );
        }
        const [message] = await tx
          .insert(orderMessages)
          .values({
            orderId: order.id,
            authorKind: reader.kind,
            authorId: user.id,
            text: input.text,
            createdAt: now,
          })
          .returning();
        if (!message) throw new Error('message not stored');
        if (attachmentIds.length) {
          await bindToOrder(tx, order.id, attachmentIds);
          await tx.update(uploads).set({ messageId: message.id }).where(inArray(uploads.id, attachmentIds));
        }
        const [before] = await tx
          .select({ waitingSince: conversations.waitingSince })
          .from(conversations)
          .where(eq(conversations.orderId, order.id));
        const waitingSince = reader.kind === 'staff' ? null : (before?.waitingSince ?? now);
        await tx
          .insert(conversations)
          .values({ orderId: order.id, lastMessageId: message.id, lastMessageAt: now, waitingSince })
          .onConflictDoUpdate({
            target: conversations.orderId,
            set: { lastMessageId: message.id, lastMessageAt: now, waitingSince },
          });
        await markRead(tx, order.id, user.id, message.id);
        await publishMessageCreated(tx, { orderId: order.id, ownerId: order.userId });

        const name = await authorNames(tx, [message]);
        const mail = {
          order,
          message: { id: message.id, text: message.text, authorName: name(message) },
          customerLastRead: 0,
          now,
          sendAt: new Date(now.getTime() + mailDelayMs),
        };
        if (reader.kind === 'staff') {
          if (!audit) throw new Error('a staff message needs its audit actor');
          await recordAudit(tx, {
            actor: audit,
            action: 'order.message_posted',
            target: { type: 'order', id: order.id },
            changes: { messageId: message.id, attachments: attachmentIds.length },
          });
          await withdrawMessageMail(tx, { orderId: order.id, kind: 'staff' });
          if (order.userId) {
            const [marker] = await tx
              .select({ id: conversationReads.lastReadMessageId })
              .from(conversationReads)
              .where(
                and(eq(conversationReads.orderId, order.id), eq(conversationReads.userId, order.userId)),
              );
            await enqueueReplyMail(tx, { ...mail, customerLastRead: marker?.id ?? 0 });
          }
        } else if (!before?.waitingSince) {
          await enqueueWaitingMail(tx, mail);
        }
        return message.id;
      });
      const list = await messagesOf(db, order.id);
      const posted = list.find((message) => message.id === messageId);
      if (!posted) throw new Error('message not found after posting');
      return posted;
    },

    /**
     * The staff list: conversations waiting for an answer first, longest waiting first, then the
     * answered ones, most recent first; with this staff member's unread count on each (decision 160)
     * and the newest message's first line (decision 295).
     */
    async conversations(user: SessionUser, query: ConversationsQuery): Promise<ConversationsPage> {
      const where = query.status === 'unanswered' ? isNotNull(conversations.waitingSince) : undefined;
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(conversations)
        .where(where);
      const rows = await db
        .select({
          orderId: conversations.orderId,
          lastMessageAt: conversations.lastMessageAt,
          waitingSince: conversations.waitingSince,
          unread: unreadCount('staff', user.id),
          lastAuthor: orderMessages.authorKind,
          lastText: orderMessages.text,
          lastAttachments: sql<number>`(select count(*)::int from ${uploads} f
            where f.message_id = ${sql.identifier(getTableName(conversations))}.${sql.identifier(conversations.lastMessageId.name)})`,
        })
        .from(conversations)
        .innerJoin(orderMessages, eq(orderMessages.id, conversations.lastMessageId))
        .where(where)
        .orderBy(
          sql`${conversations.waitingSince} asc nulls last`,
          desc(conversations.lastMessageAt),
          asc(conversations.orderId),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      // The page's orders are read from the orders module in one statement (a conversation's order
      // always exists: deleting the order deletes its conversation).
      const summaries = new Map(
        (
          await orderSummaries(
            db,
            rows.map((row) => row.orderId),
          )
        ).map((summary) => [summary.id, summary]),
      );
      return {
        total: counted?.total ?? 0,
        items: rows.flatMap((row) => {
          const order = summaries.get(row.orderId);
          if (!order) return [];
          return [
            {
              orderId: row.orderId,
              orderNumber: order.orderNumber,
              productName: order.productName,
              customerName: fullName(order.firstName, order.lastName) || order.email,
              lastMessageAt: row.lastMessageAt.toISOString(),
              lastMessage: {
                author: row.lastAuthor,
                firstLine: firstLineOf(row.lastText),
                attachments: row.lastAttachments,
              },
              ...(row.waitingSince && { waitingSince: row.waitingSince.toISOString() }),
              unread: row.unread,
            },
          ];
        }),
      };
    },

    /** The customer's unread staff messages on each of their orders that has any. */
    async unreadForCustomer(userId: number): Promise<UnreadSummary> {
      const orderIds = await orderIdsOfCustomer(db, userId);
      if (orderIds.length === 0) return { items: [], total: 0 };
      const rows = await db
        .select({ orderId: conversations.orderId, unread: unreadCount('customer', userId) })
        .from(conversations)
        .where(inArray(conversations.orderId, orderIds));
      const items = rows.filter((row) => row.unread > 0);
      return { items, total: items.reduce((sum, row) => sum + row.unread, 0) };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
