/**
 * An order's conversation, oldest first, with a composer (message-composer.tsx). The same component
 * serves the customer's order page and the staff's.
 */
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDto } from '../../../shared/schemas/conversations.js';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/utils';
import { type Side, useMessages } from './api';
import { FileLink } from './file-link';
import { MessageComposer } from './message-composer';

function MessageItem({ message, side }: { message: MessageDto; side: Side }) {
  const { t } = useTranslation('conversations');
  const { dateTime } = useFormat();
  const own = message.author.kind === side;
  return (
    <li className={cn('grid max-w-[85%] gap-1', own ? 'justify-self-end' : 'justify-self-start')}>
      <p className={cn('text-muted-foreground text-xs', own && 'text-right')}>
        <span className="font-medium text-foreground">
          {own && side === 'customer' ? t('you') : message.author.name}
        </span>
        {message.author.kind === 'staff' && side === 'staff' && t('staffSuffix')}
        {' · '}
        <time dateTime={message.at}>{dateTime(message.at)}</time>
      </p>
      <div
        className={cn(
          'grid gap-2 rounded-lg px-3 py-2 text-sm',
          own ? 'bg-primary/10 text-foreground' : 'border bg-muted/40',
        )}
      >
        {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
        {message.attachments.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('attachedFiles')}>
            {message.attachments.map((file) => (
              <li key={file.id} className="min-w-0 max-w-full">
                <FileLink file={file} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

interface ConversationProps {
  side: Side;
  orderId: number;
  /** The heading's level in the page's outline. */
  as?: 'h2' | 'h3';
  title?: string;
  /** What the empty conversation invites. */
  emptyText?: string;
  /** Staff who may read but not answer see the messages only. */
  canWrite?: boolean;
}

export const Conversation = forwardRef<HTMLTextAreaElement, ConversationProps>(function Conversation(
  { side, orderId, as: Heading = 'h2', title, emptyText, canWrite = true },
  composerRef,
) {
  const { t } = useTranslation('conversations');
  const messages = useMessages(side, orderId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <Heading id={headingId} className="font-semibold text-lg leading-none tracking-tight">
        {title ?? (side === 'customer' ? t('title.customer') : t('title.staff'))}
      </Heading>
      {messages.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-12 w-1/2 justify-self-end" />
        </div>
      ) : messages.isError ? (
        <p className="text-destructive text-sm">
          {t('loadError')}{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => messages.refetch()}>
            {t('tryAgain')}
          </Button>
        </p>
      ) : messages.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {emptyText ?? (side === 'customer' ? t('empty.customer') : t('empty.staff'))}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={t('list')}>
          {messages.data.map((message) => (
            <MessageItem key={message.id} message={message} side={side} />
          ))}
        </ol>
      )}
      {canWrite && <MessageComposer ref={composerRef} side={side} orderId={orderId} />}
    </section>
  );
});
