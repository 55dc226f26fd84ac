/** The Webhooks page's calls: GET /api/admin/webhook-events and replay. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookEventsPage,
  WebhookLogStatus,
  WebhookReplay,
} from '../../../shared/schemas/webhook-events.js';
import { apiJson } from '../../lib/api';

export interface WebhookEventsParams {
  page: number;
  pageSize: number;
  /** Trimmed search text; empty for none. */
  q: string;
  status?: WebhookLogStatus;
}

export const webhookEventKeys = {
  all: ['webhook-events'] as const,
  lists: () => [...webhookEventKeys.all, 'list'] as const,
  list: (params: WebhookEventsParams) => [...webhookEventKeys.lists(), params] as const,
};

function query(params: WebhookEventsParams): string {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  return search.toString();
}

export function useWebhookEvents(params: WebhookEventsParams) {
  return useQuery({
    queryKey: webhookEventKeys.list(params),
    queryFn: () => apiJson<WebhookEventsPage>('GET', `/api/admin/webhook-events?${query(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useReplayWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<WebhookReplay>('POST', `/api/admin/webhook-events/${id}/replay`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEventKeys.all }),
  });
}
