/** Outbound automation webhooks: the delivery log, retry, and the signing secret receivers verify with. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboundDeliveries, OutboundStatus } from '../../../shared/schemas/outbound-webhooks.js';
import { apiJson } from '../../lib/api';

export interface OutboundQuery {
  page: number;
  pageSize: number;
  status?: OutboundStatus;
}

export const outboundKeys = {
  all: ['outbound-webhooks'] as const,
  list: (query: OutboundQuery) => [...outboundKeys.all, 'list', query] as const,
  secret: () => [...outboundKeys.all, 'signing-secret'] as const,
};

export function useOutboundDeliveries(query: OutboundQuery) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.status) params.set('status', query.status);
  return useQuery({
    queryKey: outboundKeys.list(query),
    queryFn: () => apiJson<OutboundDeliveries>('GET', `/api/admin/outbound-webhooks?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<{ message: string }>('POST', `/api/admin/outbound-webhooks/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.all }),
  });
}

/** The whole signing secret, fetched only when an admin asks to see or copy it. */
export function useSigningSecret(enabled: boolean) {
  return useQuery({
    queryKey: outboundKeys.secret(),
    queryFn: () => apiJson<{ secret: string }>('GET', '/api/admin/outbound-webhooks/signing-secret'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRotateSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ secret: string }>('POST', '/api/admin/outbound-webhooks/signing-secret/rotate'),
    onSuccess: (data) => queryClient.setQueryData(outboundKeys.secret(), data),
  });
}
