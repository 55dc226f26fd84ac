/** The financing calls: the customer's application for a unit, the staff list and the providers' secret. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financingRoutes } from '../../../shared/routes/financing.js';
import type { FinancingDraft, FinancingListQuery } from '../../../shared/schemas/financing.js';
import { callApi } from '../../lib/call-api';
import { orderKeys } from '../orders/api';

/**
 * A unit's financing sits under its order's detail key, so the live status update that refreshes the
 * order (a provider's decision) refreshes it too.
 */
export const financingKeys = {
  unit: (orderId: number, itemId: number) => [...orderKeys.detail(orderId), 'financing', itemId] as const,
  application: (orderId: number, itemId: number) =>
    [...financingKeys.unit(orderId, itemId), 'application'] as const,
  staff: ['financing-applications'] as const,
  list: (query: Partial<FinancingListQuery>) => [...financingKeys.staff, 'list', query] as const,
  order: (orderId: number) => [...financingKeys.staff, 'order', orderId] as const,
};

/** Whether the unit's payment step offers financing, and its application's state. */
export function useUnitFinancing(orderId: number, itemId: number | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: financingKeys.unit(orderId, itemId ?? 0),
    queryFn: () => callApi(financingRoutes.unitFinancing, { params: { id: itemId ?? 0 } }),
    enabled: enabled && itemId !== undefined,
  });
}

/** The unit's application in full (only once one exists: the caller knows from useUnitFinancing). */
export function useFinancingApplication(orderId: number, itemId: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: financingKeys.application(orderId, itemId),
    queryFn: () => callApi(financingRoutes.application, { params: { id: itemId } }),
    enabled,
  });
}

export function useSaveFinancingDraft(orderId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: FinancingDraft) =>
      callApi(financingRoutes.saveDraft, { params: { id: itemId }, body: draft }),
    onSuccess: (application) => {
      queryClient.setQueryData(financingKeys.application(orderId, itemId), application);
      void queryClient.invalidateQueries({ queryKey: financingKeys.unit(orderId, itemId), exact: true });
    },
  });
}

export function useSubmitFinancingApplication(orderId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(financingRoutes.submit, { params: { id: itemId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: financingKeys.unit(orderId, itemId) }),
  });
}

export function useWithdrawFinancingApplication(orderId: number, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(financingRoutes.withdraw, { params: { id: itemId } }),
    onSuccess: (application) =>
      queryClient.setQueryData(financingKeys.application(orderId, itemId), application),
    onSettled: () => queryClient.invalidateQueries({ queryKey: financingKeys.unit(orderId, itemId) }),
  });
}

export function useFinancingApplications(query: Partial<FinancingListQuery>) {
  return useQuery({
    queryKey: financingKeys.list(query),
    queryFn: () => callApi(financingRoutes.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderFinancing(orderId: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: financingKeys.order(orderId),
    queryFn: () => callApi(financingRoutes.ofOrder, { params: { id: orderId } }),
    enabled,
  });
}

export function useNewFinancingSecret() {
  return useMutation({ mutationFn: () => callApi(financingRoutes.newSigningSecret) });
}
