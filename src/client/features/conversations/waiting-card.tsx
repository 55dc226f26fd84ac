/** The dashboard's "Waiting for an answer": the customers waiting longest for staff to reply. */
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { adminOrderLabel } from '../admin-orders/format';
import { useConversations } from './api';
import { elapsed } from './elapsed';

const SHOWN = 5;

export function WaitingForAnswerCard() {
  const waiting = useConversations('unanswered', 1, SHOWN);
  const data = waiting.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Waiting for an answer</CardTitle>
          <CardDescription>
            {data
              ? `${data.total.toLocaleString()} conversations, longest waiting first.`
              : 'Customers waiting for staff to reply.'}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/admin/conversations">View all</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {waiting.isPending && <p className="text-muted-foreground text-sm">Loading…</p>}
        {waiting.isError && (
          <p className="text-destructive text-sm">
            {errorMessage(waiting.error) ?? 'We could not load the conversations.'}
          </p>
        )}
        {data && data.items.length === 0 && (
          <p className="text-muted-foreground text-sm">No customer is waiting for an answer.</p>
        )}
        {data && data.items.length > 0 && (
          <ol className="grid divide-y">
            {data.items.map((row) => (
              <li key={row.orderId} className="flex items-center justify-between gap-2 py-2 text-sm">
                <div className="grid min-w-0 flex-1">
                  <span className="font-medium">
                    Order {adminOrderLabel({ id: row.orderId, orderId: row.orderNumber })} ·{' '}
                    {row.customerName ?? 'Guest'}
                  </span>
                  <span className="text-muted-foreground">
                    Waiting {row.waitingSince ? elapsed(row.waitingSince) : ''}
                    {row.unread > 0 && ` · ${row.unread} unread`}
                  </span>
                </div>
                <Button variant="ghost" size="sm" asChild>
                  <Link
                    to={`/admin/orders/${row.orderId}#conversation`}
                    aria-label={`Answer order ${adminOrderLabel({ id: row.orderId, orderId: row.orderNumber })}`}
                  >
                    Answer
                  </Link>
                </Button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
