/**
 * A staff member's own back-office choices, kept on the server (src/shared/routes/staff-preferences.ts):
 * the orders list's rows per page and their saved views. Each person reads and changes only their own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffPreferenceRoutes as routes } from '../../../shared/routes/staff-preferences.js';
import type {
  NewSavedView,
  SavedView,
  StaffPreferences,
  StaffPreferencesPatch,
} from '../../../shared/schemas/staff-preferences.js';
import { callApi } from '../../lib/call-api';

export const staffPreferenceKeys = {
  all: ['staff-preferences'] as const,
  preferences: () => [...staffPreferenceKeys.all, 'preferences'] as const,
  savedViews: () => [...staffPreferenceKeys.all, 'saved-views'] as const,
};

/** Changed only by this person, so read once per page load and then kept. */
export function useStaffPreferences() {
  return useQuery({
    queryKey: staffPreferenceKeys.preferences(),
    queryFn: () => callApi(routes.preferences),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Shown at once (the list asks for the new page size straight away), then stored. */
export function useUpdateStaffPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: StaffPreferencesPatch) => callApi(routes.updatePreferences, { body: patch }),
    onMutate: (patch) => {
      const key = staffPreferenceKeys.preferences();
      const before = queryClient.getQueryData<StaffPreferences>(key);
      if (before) queryClient.setQueryData<StaffPreferences>(key, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(staffPreferenceKeys.preferences(), context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(staffPreferenceKeys.preferences(), answer),
  });
}

export function useSavedViews() {
  return useQuery({
    queryKey: staffPreferenceKeys.savedViews(),
    queryFn: () => callApi(routes.savedViews),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useViewMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPreferenceKeys.savedViews() }),
  });
}

export const useSaveView = () =>
  useViewMutation((view: NewSavedView): Promise<SavedView> => callApi(routes.saveView, { body: view }));

export const useRenameView = () =>
  useViewMutation(({ id, name }: { id: number; name: string }) =>
    callApi(routes.renameView, { params: { id }, body: { name } }),
  );

export const useDeleteView = () =>
  useViewMutation((id: number) => callApi(routes.deleteView, { params: { id } }));
