/** Outbound automation webhooks: the delivery log, retry, and the signing secret receivers verify with. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automationRoutes } from '../../../shared/routes/outbound-webhooks.js';
import type { OutboundStatus } from '../../../shared/schemas/outbound-webhooks.js';
import { callApi } from '../../lib/call-api';

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
  return useQuery({
    queryKey: outboundKeys.list(query),
    queryFn: () => callApi(automationRoutes.listDeliveries, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(automationRoutes.retryDelivery, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.all }),
  });
}

/** The whole signing secret, fetched only when an admin asks to see or copy it. */
export function useSigningSecret(enabled: boolean) {
  return useQuery({
    queryKey: outboundKeys.secret(),
    queryFn: () => callApi(automationRoutes.signingSecret),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRotateSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(automationRoutes.rotateSigningSecret),
    onSuccess: (data) => queryClient.setQueryData(outboundKeys.secret(), data),
  });
}
