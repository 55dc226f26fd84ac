import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { toast } from '../../components/ui/use-toast';
import { changeLocale, i18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { logout } from './auth-api';
import { fetchSessionUser } from './session-call';

export const authKeys = {
  user: ['auth', 'user'] as const,
};

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
  /** The check itself failed (server unreachable, 5xx), which is not the same as signed out. */
  isError: boolean;
  retry: () => void;
}

export function useSession(): Session {
  const query = useQuery({ queryKey: authKeys.user, queryFn: fetchSessionUser });
  // A signed-in user's stored language wins over this browser's (set on another device, say).
  const storedLocale = query.data?.locale;
  useEffect(() => {
    if (storedLocale) void changeLocale(storedLocale, { remember: true });
  }, [storedLocale]);
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}

/** Stores the user a sign-in call answered with; the /auth guard then sends them on by role. */
export function useSetSessionUser(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  return useCallback((user) => queryClient.setQueryData(authKeys.user, user), [queryClient]);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      navigate('/auth', { replace: true });
      // Nothing of the previous user may survive in memory for the next one on this browser.
      queryClient.clear();
      queryClient.setQueryData(authKeys.user, null);
      toast({
        title: i18n.t('common:signOut.doneTitle'),
        description: i18n.t('common:signOut.doneDescription'),
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: i18n.t('common:signOut.failed'),
        description: errorMessage(error) ?? error.message,
      });
    },
  });
}
