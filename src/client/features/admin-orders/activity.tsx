import { Bot, CreditCard, type LucideIcon, ShieldCheck, User, Webhook } from 'lucide-react';
import { useId } from 'react';
import type { ActivityEvent } from '../../../shared/schemas/admin-orders.js';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { useCan } from '../auth/permissions';
import { useOrderActivity } from './api';
import { ACTOR_KIND_LABELS, activityText } from './format';
import { INTERNAL_NOTICE, NoteForm } from './note-form';

const ACTOR_ICONS: Record<ActivityEvent['actor']['kind'], LucideIcon> = {
  admin: ShieldCheck,
  customer: User,
  webhook: Webhook,
  stripe: CreditCard,
  system: Bot,
};

/** The activity feed with the internal-note form; `as` is the heading level where it sits. */
export function Activity({ orderId, as: Heading = 'h3' }: { orderId: number; as?: 'h2' | 'h3' }) {
  const can = useCan();
  const activity = useOrderActivity(orderId);
  const headingId = useId();
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={Heading === 'h2' ? 'font-semibold text-lg' : 'font-semibold text-sm'}
      >
        Activity
      </Heading>
      {can('orders.notes') && <NoteForm orderId={orderId} />}
      {activity.isPending && <Spinner className="mx-auto size-6 text-primary" />}
      {activity.isError && (
        <p className="text-destructive text-sm">{errorMessage(activity.error) ?? 'An error occurred'}</p>
      )}
      {activity.data?.length === 0 && <p className="text-muted-foreground text-sm">No activity yet.</p>}
      {activity.data && activity.data.length > 0 && (
        <ol className="grid gap-2" aria-label="Activity, newest first">
          {activity.data.map((event) => (
            <ActivityItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityItem({ event }: { event: ActivityEvent }) {
  const Icon = ACTOR_ICONS[event.actor.kind];
  const isNote = event.type === 'INTERNAL_NOTE';
  return (
    <li
      className={cn(
        'grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border p-3 text-sm',
        isNote && 'border-warning bg-warning/10',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="break-all font-medium">{event.actor.label}</span>
          {/* 'System' needs no 'System' badge beside it. */}
          {event.actor.label !== ACTOR_KIND_LABELS[event.actor.kind] && (
            <Badge variant="outline">{ACTOR_KIND_LABELS[event.actor.kind]}</Badge>
          )}
          {isNote && (
            <Badge variant="outline" className="whitespace-normal">
              {INTERNAL_NOTICE}
            </Badge>
          )}
        </div>
        <p className={cn('break-words', isNote && 'whitespace-pre-line')}>{activityText(event)}</p>
        <time dateTime={event.timestamp} className="text-muted-foreground text-xs">
          {formatDateTime(event.timestamp)}
        </time>
      </div>
    </li>
  );
}
