/** The staff member's second factors (`/api/user/second-factor/*`, src/shared/routes/second-factor.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorRoutes } from '../../../shared/routes/second-factor.js';
import { callApi } from '../../lib/call-api';
import { authKeys } from '../auth/session';

export const secondFactorKeys = {
  status: ['second-factor'] as const,
};

export function useSecondFactor() {
  return useQuery({
    queryKey: secondFactorKeys.status,
    queryFn: () => callApi(secondFactorRoutes.status),
  });
}

/** After any change: the status, and the session user (whose enrolment requirement may have ended). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
    void queryClient.invalidateQueries({ queryKey: authKeys.user });
  };
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => callApi(secondFactorRoutes.startTotp),
  });
}

/**
 * Confirms the app with a current code and the password (enrolling asks for it, like removing); the
 * recovery codes are kept in the mutation's data until the dialog closes.
 */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { code: string; password: string }) =>
      callApi(secondFactorRoutes.confirmTotp, { body: input }),
    onSuccess: refresh,
  });
}

export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ name, password }: { name?: string; password: string }) => {
      // Loaded only when a passkey is added: the browser library stays out of the other pages.
      const { startRegistration } = await import('@simplewebauthn/browser');
      // The password is checked here first, so a wrong one is known before the browser creates a passkey.
      const optionsJSON = await callApi(secondFactorRoutes.passkeyOptions, { body: { password } });
      const response = await startRegistration({ optionsJSON });
      return callApi(secondFactorRoutes.registerPasskey, {
        body: { ...(name && { name }), response: { ...response }, password },
      });
    },
    onSuccess: refresh,
  });
}

export type Removal = { kind: 'totp' } | { kind: 'passkey'; id: number; name: string };

export function useRemoveFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ removal, password }: { removal: Removal; password: string }) =>
      removal.kind === 'totp'
        ? callApi(secondFactorRoutes.removeTotp, { body: { password } })
        : callApi(secondFactorRoutes.removePasskey, { params: { id: removal.id }, body: { password } }),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) => callApi(secondFactorRoutes.newRecoveryCodes, { body: { password } }),
    onSuccess: refresh,
  });
}

/** Admin Users → Edit: removes every second factor of a staff member who lost them. */
export function useRemoveAllSecondFactors(userId: number) {
  return useMutation({
    mutationFn: () => callApi(secondFactorRoutes.removeAllForUser, { params: { id: userId } }),
  });
}
