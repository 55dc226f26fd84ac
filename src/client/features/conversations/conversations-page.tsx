/**
 * Conversations: every order whose customer has written, those waiting for an answer first (longest
 * waiting first), then the answered ones, most recent first; sorted and paged on the server.
 */
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { counted } from '../../../shared/plural.js';
import type { ConversationRow } from '../../../shared/schemas/conversations.js';
import { orderName } from '../../../shared/unit-name.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { useConversations } from './api';
import { elapsed } from './elapsed';

const PAGE_SIZE = 20;

export default function ConversationsPage() {
  const [status, setStatus] = useState<'unanswered' | 'all'>('unanswered');
  const [page, setPage] = useState(1);
  const list = useConversations(status, page, PAGE_SIZE);
  const show = (next: 'unanswered' | 'all') => {
    setStatus(next);
    setPage(1);
  };
  const data = list.data;

  return (
    <section className="grid gap-6">
      <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Conversations</h1>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {(
          [
            ['unanswered', 'Waiting for an answer'],
            ['all', 'All conversations'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            onClick={() => show(value)}
          >
            {label}
          </Button>
        ))}
      </fieldset>

      {list.isPending && <PageSkeleton heading={false} blocks={3} />}
      {list.isError && !data && (
        <LoadFailed onRetry={() => list.refetch()}>We could not load the conversations.</LoadFailed>
      )}
      {data && (
        <Card className="grid gap-4 p-4 sm:p-6" aria-busy={list.isFetching || undefined}>
          {data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              {status === 'unanswered' ? 'No customer is waiting for an answer.' : 'No conversations yet.'}
            </p>
          ) : (
            <ul className="grid divide-y rounded-lg border">
              {data.items.map((row) => (
                <li key={row.orderId}>
                  <ConversationLink row={row} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            noun={{ one: 'conversation', other: 'conversations' }}
            onPageChange={setPage}
          />
        </Card>
      )}
    </section>
  );
}

/**
 * The newest message's first line, "Team: " before a staff reply (the customer is named just above),
 * with its file count; a message of files only says so.
 */
function previewText(row: ConversationRow): string {
  const { author, firstLine, attachments } = row.lastMessage;
  const files = attachments === 0 ? '' : counted(attachments, 'file', 'files');
  const text = firstLine ? `${firstLine}${files ? ` · ${files}` : ''}` : files || 'No text';
  return author === 'staff' ? `Team: ${text}` : text;
}

function ConversationLink({ row }: { row: ConversationRow }) {
  const unread = row.unread > 0;
  return (
    <Link
      to={`/admin/orders/${row.orderId}#conversation`}
      className="flex items-center gap-3 px-3 py-3 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      data-unread={unread || undefined}
    >
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('flex flex-wrap items-center gap-x-2', unread ? 'font-bold' : 'font-medium')}>
          <span>
            Order {orderName(row.orderNumber)} · {row.productName}
          </span>
          {unread && (
            <span className="rounded-full border border-foreground px-2 py-0.5 font-semibold text-foreground text-xs">
              Unread
              <span className="sr-only"> ({counted(row.unread, 'new message', 'new messages')})</span>
            </span>
          )}
        </span>
        <span className="truncate text-muted-foreground">{row.customerName ?? 'Guest'}</span>
        <span className={cn('truncate', unread ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
          {previewText(row)}
        </span>
        <span
          className={cn(
            'text-xs',
            row.waitingSince ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          {row.waitingSince
            ? `Waiting ${elapsed(row.waitingSince)}`
            : `Answered · last message ${elapsed(row.lastMessageAt)} ago`}
        </span>
      </span>
      {unread && (
        <span
          aria-hidden="true"
          className="rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs"
        >
          {row.unread}
        </span>
      )}
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}
