/**
 * Logs: the deliveries the webhooks received, newest first, paged and searched on the server so a busy
 * integration cannot swamp the browser, with a detail dialog and Replay.
 */

import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { counted } from '../../../shared/plural.js';
import {
  WEBHOOK_EVENTS_PAGE_SIZE,
  type WebhookEventDto,
  type WebhookLogStatus,
} from '../../../shared/schemas/webhook-events.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useWebhookEvents } from './api';
import { EventDialog } from './event-dialog';
import { EventsList, EventsTable } from './events-list';

export const LOG_SEARCH_DEBOUNCE_MS = 300;

const STATUS_CHOICES = [
  { value: 'all', label: 'All statuses' },
  { value: 'success', label: 'Success' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
] as const;

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
              noun={{ one: 'event', other: 'events' }}
              onPageChange={(next) => setPaging({ key: filterKey, page: next })}
              label="Log pages"
              summary={
                <>
                  Showing {counted(data.items.length, 'event', 'events')}
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
