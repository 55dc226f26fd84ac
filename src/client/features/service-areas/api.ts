/** The service-area calls: enabled ZIP codes and location revalidation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddServiceAreaResult, RevalidateResult } from '../../../shared/schemas/service-areas.js';
import { apiJson } from '../../lib/api';
import { adminOrderKeys } from '../admin-orders/api';
import { orderKeys } from '../orders/api';

export const serviceAreaKeys = {
  all: ['service-areas'] as const,
  list: () => [...serviceAreaKeys.all, 'list'] as const,
};

/** The answer as sent: the screen warns when `enabledZipCodes` is not a list. */
export function useServiceAreas() {
  return useQuery({
    queryKey: serviceAreaKeys.list(),
    queryFn: () => apiJson<{ enabledZipCodes: unknown }>('GET', '/api/admin/service-areas'),
  });
}

/** Orders move when codes are enabled, so every order list is refreshed too. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceAreaKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
    ]);
}

export function useAddZipCodes() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (zipCode: string) =>
      apiJson<AddServiceAreaResult>('POST', '/api/admin/service-areas', { zipCode }),
    onSuccess: invalidate,
  });
}

export function useRemoveZipCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zipCode: string) =>
      apiJson<{ message: string }>('DELETE', `/api/admin/service-areas/${encodeURIComponent(zipCode)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAreaKeys.all }),
  });
}

export function useRevalidateLocations() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: () => apiJson<RevalidateResult>('POST', '/api/admin/revalidate-locations'),
    onSuccess: invalidate,
  });
}
