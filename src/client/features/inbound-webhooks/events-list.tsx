/** The logged deliveries of one page: a table from 640 px, a list below; each opens its details. */
import type { WebhookEventDto } from '../../../shared/schemas/webhook-events.js';
import { logStageLabel } from '../../../shared/stages.js';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { eventOrderId, formatTimestamp, viewEvent } from './event-display';
import { StatusBadge } from './status-badge';

type OpenHandler = (event: WebhookEventDto) => void;

function DetailsButton({ event, onOpen }: { event: WebhookEventDto; onOpen: OpenHandler }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(event)}>
      Details<span className="sr-only"> of event {event.id}</span>
    </Button>
  );
}

/** From 640 px: event type, order id, timestamp, status. */
export function EventsTable({ events, onOpen }: { events: WebhookEventDto[]; onOpen: OpenHandler }) {
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
export function EventsList({ events, onOpen }: { events: WebhookEventDto[]; onOpen: OpenHandler }) {
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
