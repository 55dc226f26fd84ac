/** The Webhooks page's calls: GET /api/admin/webhook-events and replay. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookEventRoutes } from '../../../shared/routes/inbound-webhooks.js';
import type { WebhookLogStatus } from '../../../shared/schemas/webhook-events.js';
import { callApi } from '../../lib/call-api';

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

export function useWebhookEvents(params: WebhookEventsParams) {
  return useQuery({
    queryKey: webhookEventKeys.list(params),
    queryFn: () =>
      callApi(webhookEventRoutes.list, {
        query: {
          page: params.page,
          pageSize: params.pageSize,
          q: params.q || undefined,
          status: params.status,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReplayWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(webhookEventRoutes.replay, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEventKeys.all }),
  });
}
