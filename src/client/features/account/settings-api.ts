/**
 * The Settings calls (decision 26): the password change and the notification toggles, which we store
 * per user on the server so they follow the customer to every browser.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '../../../shared/routes/account.js';
import type { NotificationPrefs, PasswordChange } from '../../../shared/schemas/user.js';
import { callApi } from '../../lib/call-api';

export const userKeys = {
  all: ['user'] as const,
  notifications: () => [...userKeys.all, 'notifications'] as const,
};

/** Both toggles are on until the server says otherwise. */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = { email: true, sms: true };

export function useNotificationPrefs() {
  return useQuery({
    queryKey: userKeys.notifications(),
    queryFn: () => callApi(accountRoutes.notifications),
  });
}

/** Saves one toggle; the switch moves at once and moves back if the save fails. */
export function useUpdateNotificationPrefs() {
  const queryClient = useQueryClient();
  const key = userKeys.notifications();
  return useMutation({
    mutationFn: (patch: Partial<NotificationPrefs>) =>
      callApi(accountRoutes.updateNotifications, { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPrefs>(key) ?? DEFAULT_NOTIFICATION_PREFS;
      queryClient.setQueryData<NotificationPrefs>(key, { ...before, ...patch });
      // Only the toggled field goes back on failure, so a second toggle saved meanwhile survives.
      const rollback: Partial<NotificationPrefs> = {};
      for (const name of Object.keys(patch) as (keyof NotificationPrefs)[]) rollback[name] = before[name];
      return { rollback };
    },
    onError: (_error, _patch, context) => {
      if (!context) return;
      queryClient.setQueryData<NotificationPrefs>(key, (current) => ({
        ...DEFAULT_NOTIFICATION_PREFS,
        ...current,
        ...context.rollback,
      }));
    },
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: Required<PasswordChange>) => callApi(accountRoutes.changePassword, { body: change }),
  });
}
