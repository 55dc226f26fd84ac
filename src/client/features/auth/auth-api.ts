/** The sign-in calls, typed from src/shared/routes/auth.ts: plain fetch, light enough for the sign-in app. */

import { authRoutes } from '../../../shared/routes/auth.js';
import type { ResetPasswordRequest, SessionUser, SetPasswordRequest } from '../../../shared/schemas/auth.js';
import type { SecondFactorSignIn } from '../../../shared/schemas/security.js';
import { callApi } from '../../lib/call-api';

export type { SignInFactors } from '../../../shared/schemas/auth.js';

/** The signed-in user, or null for a visitor (answered 200, so no failed request is logged). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { user } = await callApi(authRoutes.session);
  return user;
}

export function verifyEmail(email: string, sendCode = false) {
  return callApi(authRoutes.verifyEmail, { body: sendCode ? { email, sendCode: true } : { email } });
}

/**
 * Checks the password only; the session comes from the next step: the mailed code, or for staff with
 * a second factor (named in `secondFactor`), that factor.
 */
export function checkPassword(email: string, password: string) {
  return callApi(authRoutes.login, { body: { email, password, noSession: true } });
}

export function completeSecondFactor(request: SecondFactorSignIn) {
  return callApi(authRoutes.secondFactor, { body: request });
}

/** Asks for the server's challenge, lets the browser's passkey answer it, and signs in with the answer. */
export async function signInWithPasskey(email: string) {
  // Loaded on use: the sign-in screen's first load stays small.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await callApi(authRoutes.passkeyOptions, { body: { email } });
  const response = await startAuthentication({ optionsJSON });
  return completeSecondFactor({ email, method: 'passkey', response: { ...response } });
}

export async function verifyLoginCode(email: string, code: string): Promise<{ user: SessionUser }> {
  const answer = await callApi(authRoutes.verifyCode, { body: { email, code, login: true } });
  if (!('user' in answer)) throw new Error('The sign-in code was checked but no session was answered');
  return answer;
}

/** Checks a reset code without using it up; reset-password or set-password spends it. */
export function checkResetCode(email: string, code: string) {
  return callApi(authRoutes.verifyCode, { body: { email, code, reset: true } });
}

export function setPassword(request: SetPasswordRequest) {
  return callApi(authRoutes.setPassword, { body: request });
}

export function forgotPassword(email: string) {
  return callApi(authRoutes.forgotPassword, { body: { email } });
}

export function resetPassword(request: ResetPasswordRequest) {
  return callApi(authRoutes.resetPassword, { body: request });
}

export function logout() {
  return callApi(authRoutes.logout);
}
