/**
 * Logs: the deliveries the webhooks received, newest first, paged and searched on the server so a busy
 * integration cannot swamp the browser, with a detail dialog and Replay.
 */

import { RefreshCw, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  WEBHOOK_EVENTS_PAGE_SIZE,
  type WebhookEventDto,
  type WebhookLogStatus,
} from '../../../shared/schemas/webhook-events.js';
import { logStageLabel } from '../../../shared/stages.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { useReplayWebhookEvent, useWebhookEvents } from './api';
import { eventOrderId, formatTimestamp, type LogStatusLabel, prettyJson, viewEvent } from './event-display';

export const LOG_SEARCH_DEBOUNCE_MS = 300;

const STATUS_CHOICES = [
  { value: 'all', label: 'All statuses' },
  { value: 'success', label: 'Success' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
] as const;

export function StatusBadge({ status }: { status: LogStatusLabel }) {
  if (status === 'Success') return <Badge variant="success">Success</Badge>;
  if (status === 'Error') return <Badge variant="destructive">Error</Badge>;
  return (
    <Badge variant="outline" className="border-warning/60 bg-warning/15 text-amber-800 dark:text-warning">
      Warning
    </Badge>
  );
}

export function LogsTab() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<WebhookLogStatus | undefined>(undefined);
  // A page belongs to the search and filter it was chosen in.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const filterKey = `${q}|${status ?? ''}`;
  const page = paging.key === filterKey ? paging.page : 1;
  const events = useWebhookEvents({ page, pageSize: WEBHOOK_EVENTS_PAGE_SIZE, q, status });
  const [selected, setSelected] = useState<WebhookEventDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  async function refresh() {
    const result = await events.refetch();
    if (result.isError) {
      toastError('Failed to refresh logs', result.error, GENERIC_ERROR);
    } else {
      toastSuccess('Logs refreshed');
    }
  }

  const open = (event: WebhookEventDto) => {
    setSelected(event);
    setDialogOpen(true);
  };

  const data = events.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / WEBHOOK_EVENTS_PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Webhook Logs</CardTitle>
          <CardDescription>Every message sent with a valid API key, newest first.</CardDescription>
        </div>
        <Button variant="outline" onClick={refresh} loading={events.isFetching && !events.isPending}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end">
          <SearchBox
            label="Search logs"
            placeholder="Order ID, event type or key name"
            value={q}
            onSearch={setQ}
            debounced
            showLabel
          />
          <SelectField
            label="Status"
            value={status ?? 'all'}
            onChange={(value) => setStatus(value === 'all' ? undefined : (value as WebhookLogStatus))}
            choices={STATUS_CHOICES}
          />
        </div>

        {events.isPending && <PageSpinner />}
        {events.isError && !data && (
          <LoadFailed onRetry={() => events.refetch()}>We could not load the webhook logs.</LoadFailed>
        )}

        {data && (
          <div className="grid gap-4" aria-busy={events.isFetching || undefined}>
            {data.items.length === 0 ? (
              <p className="py-8 text-center text-muted-foreground">No webhook events found</p>
            ) : (
              <>
                <EventsTable events={data.items} onOpen={open} />
                <EventsList events={data.items} onOpen={open} />
              </>
            )}
            <Pager
              page={page}
              pageSize={WEBHOOK_EVENTS_PAGE_SIZE}
              total={data.total}
              noun="events"
              onPageChange={(next) => setPaging({ key: filterKey, page: next })}
              label="Log pages"
              summary={
                <>
                  Showing {data.items.length} event(s)
                  {data.total > data.items.length && ` of ${data.total} · page ${page} of ${pages}`}
                </>
              }
              buttonsWhenOnePage={false}
              arrows={false}
            />
          </div>
        )}
      </CardContent>
      {selected && <EventDialog event={selected} open={dialogOpen} onOpenChange={setDialogOpen} />}
    </Card>
  );
}

type OpenHandler = (event: WebhookEventDto) => void;

function DetailsButton({ event, onOpen }: { event: WebhookEventDto; onOpen: OpenHandler }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(event)}>
      Details<span className="sr-only"> of event {event.id}</span>
    </Button>
  );
}

/** From 640 px: event type, order id, timestamp, status. */
function EventsTable({ events, onOpen }: { events: WebhookEventDto[]; onOpen: OpenHandler }) {
  return (
    <div className="hidden sm:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Event Type</TableHead>
            <TableHead>Order ID</TableHead>
            <TableHead>Timestamp</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>
                <span className="grid gap-0.5">
                  <span className="font-medium">{event.eventType}</span>
                  <span className="text-muted-foreground text-xs">{logStageLabel(event.stage ?? '')}</span>
                </span>
              </TableCell>
              <TableCell className="max-w-48 break-all font-mono text-xs">{eventOrderId(event)}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
                {formatTimestamp(event.createdAt)}
              </TableCell>
              <TableCell>
                <StatusBadge status={viewEvent(event).status} />
              </TableCell>
              <TableCell className="text-right">
                <DetailsButton event={event} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 640 px: one entry per event. */
function EventsList({ events, onOpen }: { events: WebhookEventDto[]; onOpen: OpenHandler }) {
  return (
    <ul className="grid gap-2 sm:hidden" aria-label="Webhook events">
      {events.map((event) => (
        <li
          key={event.id}
          className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
        >
          <span className="min-w-0 break-words font-medium">{event.eventType}</span>
          <StatusBadge status={viewEvent(event).status} />
          <span className="min-w-0 break-all text-muted-foreground text-xs">
            Order {eventOrderId(event)} · {formatTimestamp(event.createdAt)}
          </span>
          <DetailsButton event={event} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function EventDialog({
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
          description: `Answered ${result.statusCode}: ${String(
            (result.response as { message?: unknown } | null)?.message ?? '',
          )}`,
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
