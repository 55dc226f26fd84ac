import { orderName } from '../../../shared/unit-name.js';
/** The dashboard's "Waiting for an answer": the customers waiting longest for staff to reply. */

import { counted } from '../../../shared/plural.js';
import { ListCard, ListCardRow, ListCardRows } from '../../components/list-card';
import { useConversations } from './api';
import { elapsed } from './elapsed';

const SHOWN = 5;

export function WaitingForAnswerCard() {
  const waiting = useConversations('unanswered', 1, SHOWN);
  const data = waiting.data;
  return (
    <ListCard
      title="Waiting for an answer"
      description={
        data
          ? `${counted(data.total, 'conversation', 'conversations')}, longest waiting first.`
          : 'Customers waiting for staff to reply.'
      }
      viewAll={{ to: '/admin/conversations', label: 'View all' }}
    >
      <ListCardRows
        items={data?.items}
        isPending={waiting.isPending}
        error={waiting.error}
        failed="We could not load the conversations."
        empty="No customer is waiting for an answer."
      >
        {(row) => {
          const order = orderName(row.orderNumber);
          return (
            <ListCardRow
              key={row.orderId}
              label={`Order ${order} · ${row.customerName ?? 'Guest'}`}
              detail={
                <>
                  Waiting {row.waitingSince ? elapsed(row.waitingSince) : ''}
                  {row.unread > 0 && ` · ${row.unread} unread`}
                </>
              }
              to={`/admin/orders/${row.orderId}#conversation`}
              action="Answer"
              actionLabel={`Answer order ${order}`}
            />
          );
        }}
      </ListCardRows>
    </ListCard>
  );
}
