/** The caller's signed-in browsers (`/api/user/sessions`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '../../../shared/routes/auth.js';
import type { SessionInfo } from '../../../shared/schemas/security.js';
import { callApi } from '../../lib/call-api';
import { authKeys } from '../auth/session';

export const sessionKeys = {
  all: ['sessions'] as const,
};

export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: () => callApi(authRoutes.sessions),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) => callApi(authRoutes.endSession, { params: { id: session.id } }),
    onSuccess: (_answer, session) => {
      // Ending this browser's own session signs it out: the guard then shows /auth.
      if (session.current) queryClient.setQueryData(authKeys.user, null);
      else void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
