import { sql } from 'drizzle-orm';
import { arrayColumn, rowsOf } from '../../db/array-param.js';
import type { Executor } from '../../db/client.js';

export interface SeededDeposit {
  orderId: number;
  orderItemId: number;
  userId: number | null;
  customerEmail: string | null;
  amountCents: number;
  method: string;
  /** paid; processing (a bank payment on its way); unpaid (a checkout still open). */
  paymentStatus: 'paid' | 'processing' | 'unpaid';
  startedAt: Date;
  updatedAt: Date;
}

/**
 * Writes past deposit checkouts of the built-in test checkout (the demo seed), as its events leave
 * them: a paid or processing one complete with its method, an unpaid one still open. The units' stage
 * data is left as the history wrote it. Set-based; answers how many sessions were written.
 */
export async function seedDepositSessions(
  executor: Executor,
  deposits: readonly SeededDeposit[],
): Promise<number> {
  if (deposits.length === 0) return 0;
  const column = (pick: (row: SeededDeposit) => string | number | null, type: string) =>
    arrayColumn(deposits, pick, type);
  const [written] = rowsOf<{ count: number }>(
    await executor.execute(sql`
      with added as (
        insert into payment_sessions (session_id, provider, order_id, order_item_id, user_id, amount,
          currency, status, payment_status, payment_method_types, payment_intent_id, customer_email,
          created_at, updated_at)
        select 'test_cs_demo_' || t.order_item_id || '_' || t.position, 'test', t.order_id,
          t.order_item_id, t.user_id, t.amount, 'usd',
          case when t.payment_status = 'unpaid' then 'open' else 'complete' end, t.payment_status,
          jsonb_build_array(t.method),
          case when t.payment_status = 'unpaid' then null else 'test_pi_demo_' || t.order_item_id || '_' || t.position end,
          t.customer_email, t.started_at, t.updated_at
        from unnest(
          ${column((d) => d.orderId, 'int[]')}, ${column((d) => d.orderItemId, 'int[]')},
          ${column((d) => d.userId, 'int[]')}, ${column((d) => d.amountCents, 'int[]')},
          ${column((d) => d.method, 'text[]')}, ${column((d) => d.paymentStatus, 'text[]')},
          ${column((d) => d.customerEmail, 'text[]')},
          ${column((d) => d.startedAt.toISOString(), 'timestamptz[]')},
          ${column((d) => d.updatedAt.toISOString(), 'timestamptz[]')}
        ) with ordinality as t(order_id, order_item_id, user_id, amount, method, payment_status,
          customer_email, started_at, updated_at, position)
        order by t.started_at, t.position
        returning id
      )
      select count(*)::int as count from added`),
  );
  await executor.execute(sql`analyze payment_sessions`);
  return Number(written?.count ?? 0);
}
