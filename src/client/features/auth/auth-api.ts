/** The sign-in calls, typed: plain fetch through lib/api.ts, light enough for the sign-in app. */
import type {
  ForgotPasswordResponse,
  ResetPasswordRequest,
  SessionUser,
  SetPasswordRequest,
  VerifyEmailResponse,
} from '../../../shared/schemas/auth.js';
import type { SecondFactorSignIn } from '../../../shared/schemas/security.js';
import { apiJson } from '../../lib/api';

/** The signed-in user, or null for a visitor (answered 200, so no failed request is logged). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { user } = await apiJson<{ user: SessionUser | null }>('GET', '/api/auth/session');
  return user;
}

export function verifyEmail(email: string, sendCode = false): Promise<VerifyEmailResponse> {
  return apiJson('POST', '/api/auth/verify-email', sendCode ? { email, sendCode: true } : { email });
}

export type SignInFactors = { totp: boolean; passkey: boolean };

/**
 * Checks the password only; the session comes from the next step: the mailed code, or for staff with
 * a second factor (named in `secondFactor`), that factor.
 */
export function checkPassword(
  email: string,
  password: string,
): Promise<{ ok: true; secondFactor?: SignInFactors }> {
  return apiJson('POST', '/api/auth/login', { email, password, noSession: true });
}

export function completeSecondFactor(request: SecondFactorSignIn): Promise<{ user: SessionUser }> {
  return apiJson('POST', '/api/auth/second-factor', request);
}

/** Asks for the server's challenge, lets the browser's passkey answer it, and signs in with the answer. */
export async function signInWithPasskey(email: string): Promise<{ user: SessionUser }> {
  // Loaded on use: the sign-in screen's first load stays small.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    'POST',
    '/api/auth/second-factor/passkey-options',
    { email },
  );
  const response = await startAuthentication({ optionsJSON });
  return completeSecondFactor({ email, method: 'passkey', response: { ...response } });
}

export function verifyLoginCode(email: string, code: string): Promise<{ user: SessionUser }> {
  return apiJson('POST', '/api/auth/verify-code', { email, code, login: true });
}

/** Checks a reset code without using it up; reset-password or set-password spends it. */
export function checkResetCode(email: string, code: string): Promise<{ valid: true }> {
  return apiJson('POST', '/api/auth/verify-code', { email, code, reset: true });
}

export function setPassword(request: SetPasswordRequest): Promise<{ user: SessionUser }> {
  return apiJson('POST', '/api/auth/set-password', request);
}

export function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return apiJson('POST', '/api/auth/forgot-password', { email });
}

export function resetPassword(request: ResetPasswordRequest): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/reset-password', request);
}

export function logout(): Promise<{ ok: true }> {
  return apiJson('POST', '/api/auth/logout');
}
