/** The staff member's second factors (`/api/user/second-factor/*`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatus } from '../../../shared/schemas/security.js';
import { apiJson } from '../../lib/api';
import { authKeys } from '../auth/session';

export const secondFactorKeys = {
  status: ['second-factor'] as const,
};

type Enrolled = { recoveryCodes?: string[] };

export function useSecondFactor() {
  return useQuery({
    queryKey: secondFactorKeys.status,
    queryFn: () => apiJson<SecondFactorStatus>('GET', '/api/user/second-factor'),
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
    mutationFn: () => apiJson<{ secret: string; uri: string }>('POST', '/api/user/second-factor/totp'),
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
      apiJson<Enrolled>('POST', '/api/user/second-factor/totp/confirm', input),
    onSuccess: refresh,
  });
}

export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }): Promise<Enrolled> => {
      // Loaded only when a passkey is added: the browser library stays out of the other pages.
      const { startRegistration } = await import('@simplewebauthn/browser');
      // The password is checked here first, so a wrong one is known before the browser creates a passkey.
      const optionsJSON = await apiJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        '/api/user/second-factor/passkeys/options',
        { password },
      );
      const response = await startRegistration({ optionsJSON });
      return apiJson<Enrolled>('POST', '/api/user/second-factor/passkeys', {
        ...(name && { name }),
        response,
        password,
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
      apiJson<{ message: string }>(
        'DELETE',
        removal.kind === 'totp'
          ? '/api/user/second-factor/totp'
          : `/api/user/second-factor/passkeys/${removal.id}`,
        { password },
      ),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) =>
      apiJson<{ recoveryCodes: string[] }>('POST', '/api/user/second-factor/recovery-codes', { password }),
    onSuccess: refresh,
  });
}
