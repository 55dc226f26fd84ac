/** The service-area calls: enabled ZIP codes and location revalidation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serviceAreaRoutes } from '../../../shared/routes/service-areas.js';
import { callApi } from '../../lib/call-api';
import { adminOrderKeys } from '../admin-orders/api';
import { orderKeys } from '../orders/api';

export const serviceAreaKeys = {
  all: ['service-areas'] as const,
  list: () => [...serviceAreaKeys.all, 'list'] as const,
};

export function useServiceAreas() {
  return useQuery({
    queryKey: serviceAreaKeys.list(),
    queryFn: () => callApi(serviceAreaRoutes.list),
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
    mutationFn: (zipCode: string) => callApi(serviceAreaRoutes.add, { body: { zipCode } }),
    onSuccess: invalidate,
  });
}

export function useRemoveZipCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zipCode: string) => callApi(serviceAreaRoutes.remove, { params: { zipCode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAreaKeys.all }),
  });
}

export function useRevalidateLocations() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: () => callApi(serviceAreaRoutes.revalidate),
    onSuccess: invalidate,
  });
}
