import { sql } from 'drizzle-orm';
import { arrayColumn, arrayParam, rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';

export interface SeededMessage {
  orderId: number;
  authorKind: 'customer' | 'staff';
  authorId: number | null;
  text: string;
  at: Date;
}

/**
 * Writes past conversations (the demo seed): the messages in time order, so their ids follow their
 * times as posting gives them, then each order's conversation row and each author's read marker as
 * posting leaves them (the last message; waiting since the first customer message after the last
 * staff one; an author has read up to their own last message). No mail and no live message: a
 * seeded past is not news. Set-based, a few statements for thousands of messages. Answers how many
 * messages were written.
 */
export async function seedConversations(
  executor: Executor,
  messages: readonly SeededMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const column = (pick: (row: SeededMessage) => string | number | null, type: string) =>
    arrayColumn(messages, pick, type);
  const orderIds = arrayParam([...new Set(messages.map((message) => message.orderId))], 'int[]');
  const [written] = rowsOf<{ count: number }>(
    await executor.execute(sql`
      with added as (
        insert into order_messages (order_id, author_kind, author_id, text, created_at)
        select t.order_id, t.author_kind, t.author_id, t.text, t.at
        from unnest(
          ${column((m) => m.orderId, 'int[]')}, ${column((m) => m.authorKind, 'text[]')},
          ${column((m) => m.authorId, 'int[]')}, ${column((m) => m.text, 'text[]')},
          ${column((m) => m.at.toISOString(), 'timestamptz[]')}
        ) with ordinality as t(order_id, author_kind, author_id, text, at, position)
        order by t.at, t.position
        returning id
      )
      select count(*)::int as count from added`),
  );
  await executor.execute(sql`
    insert into conversations (order_id, last_message_id, last_message_at, waiting_since)
    select m.order_id, last.id, last.created_at,
      (select min(c.created_at) from order_messages c
        where c.order_id = m.order_id and c.author_kind = 'customer'
          and c.id > coalesce((select max(s.id) from order_messages s
            where s.order_id = m.order_id and s.author_kind = 'staff'), 0))
    from unnest(${orderIds}) as m(order_id)
    cross join lateral (
      select l.id, l.created_at from order_messages l where l.order_id = m.order_id order by l.id desc limit 1
    ) last
    on conflict (order_id) do update set last_message_id = excluded.last_message_id,
      last_message_at = excluded.last_message_at, waiting_since = excluded.waiting_since`);
  await executor.execute(sql`
    insert into conversation_reads (order_id, user_id, last_read_message_id)
    select order_id, author_id, max(id) from order_messages
    where order_id = any(${orderIds}) and author_id is not null
    group by order_id, author_id
    on conflict (order_id, user_id) do update
      set last_read_message_id = greatest(conversation_reads.last_read_message_id, excluded.last_read_message_id)`);
  await executor.execute(sql`analyze order_messages, conversations, conversation_reads`);
  return Number(written?.count ?? 0);
}
