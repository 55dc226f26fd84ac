import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WebhookEventDto } from '../../../shared/schemas/webhook-events.js';
import { logStageLabel } from '../../../shared/stages.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { useReplayWebhookEvent } from './api';
import { eventOrderId, formatTimestamp, prettyJson, viewEvent } from './event-display';
import { StatusBadge } from './status-badge';

/** The `message` of a replayed delivery's answer, when it has one. */
function responseMessage(response: unknown): string {
  if (typeof response !== 'object' || response === null || !('message' in response)) return '';
  return String(response.message ?? '');
}

/** One logged delivery as it was received, its answer, and Replay (admins). */
export function EventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: WebhookEventDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const view = viewEvent(event);
  const replay = useReplayWebhookEvent();
  const can = useCan();

  function runReplay() {
    replay.mutate(event.id, {
      onSuccess: (result) =>
        toast({
          variant: result.statusCode < 300 ? 'success' : 'destructive',
          title: 'Event replayed',
          description: `Answered ${result.statusCode}: ${responseMessage(result.response)}`,
        }),
      onError: (error) => toastError('Replay failed', error, GENERIC_ERROR),
    });
  }

  const rows: [string, ReactNode][] = [
    ['Event Type', event.eventType],
    ['Order ID', eventOrderId(event)],
    ['Timestamp', formatTimestamp(event.createdAt)],
    ['Status', <StatusBadge key="status" status={view.status} />],
    ['Stage', logStageLabel(event.stage ?? '')],
    ['Endpoint', `POST /api/webhooks/${event.endpoint}`],
    ['Response', String(event.statusCode)],
    ['API Key', event.apiKeyName ?? '—'],
  ];
  if (event.replayOf !== null) rows.push(['Replay of', `Event ${event.replayOf}`]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[680px]">
        <DialogHeader>
          <DialogTitle>Webhook Event Details</DialogTitle>
          <DialogDescription>Event {event.id}, as it was received.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {view.error && (
          <Alert variant={view.status === 'Warning' ? 'default' : 'destructive'}>
            <span className="col-span-2 break-words">{view.error}</span>
          </Alert>
        )}
        <section aria-labelledby={`event-data-${event.id}`} className="grid gap-1">
          <h3 id={`event-data-${event.id}`} className="font-medium text-sm">
            Event Data
          </h3>
          {view.data === undefined ? (
            <p className="text-muted-foreground text-sm">No data</p>
          ) : (
            <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
              <code>{prettyJson(view.data)}</code>
            </pre>
          )}
        </section>
        {event.response !== null && event.response !== undefined && (
          <section aria-labelledby={`event-response-${event.id}`} className="grid gap-1">
            <h3 id={`event-response-${event.id}`} className="font-medium text-sm">
              Response Body
            </h3>
            <pre className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
              <code>{prettyJson(event.response)}</code>
            </pre>
          </section>
        )}
        {can('admin.all') && (
          <DialogFooter>
            <Button
              variant="outline"
              onClick={runReplay}
              loading={replay.isPending}
              disabled={view.data === undefined || typeof view.data !== 'object'}
            >
              <RotateCcw aria-hidden="true" />
              Replay
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
