/** The sign-in calls, typed. Screens use them through TanStack mutations. */
import type {
  ForgotPasswordResponse,
  ResetPasswordRequest,
  SessionUser,
  SetPasswordRequest,
  VerifyEmailResponse,
} from '../../../shared/schemas/auth.js';
import { apiJson } from '../../lib/api';

/** The signed-in user, or null for a visitor (answered 200, so no failed request is logged). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { user } = await apiJson<{ user: SessionUser | null }>('GET', '/api/auth/session');
  return user;
}

export function verifyEmail(email: string, sendCode = false): Promise<VerifyEmailResponse> {
  return apiJson('POST', '/api/auth/verify-email', sendCode ? { email, sendCode: true } : { email });
}

/** Checks the password only; the session comes from the code step (two-step sign-in). */
export function checkPassword(email: string, password: string): Promise<{ ok: true }> {
  return apiJson('POST', '/api/auth/login', { email, password, noSession: true });
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
