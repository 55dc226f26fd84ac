/**
 * The sign-in calls, typed from src/shared/routes/auth.ts: plain fetch, light enough for the sign-in app.
 * The route entries carry their zod/mini schemas, so they and callApi are imported with the first call
 * the visitor makes (auth-calls.ts), not with the page: the sign-in screen's first load stays within
 * its 90 kB budget (decisions 234 and 305).
 */

import type { authRoutes } from '../../../shared/routes/auth.js';
import type { RouteAnswer } from '../../../shared/routes/define-route';
import type { ResetPasswordRequest, SessionUser, SetPasswordRequest } from '../../../shared/schemas/auth.js';
import type { SecondFactorSignIn } from '../../../shared/schemas/security.js';
import { apiJson } from '../../lib/api';
import type { AuthCallInput, callAuthRoute } from './auth-calls';

export type { SignInFactors } from '../../../shared/schemas/auth.js';

/** Calls the auth entry `name`, loading the entries and callApi with the first call (auth-calls.ts). */
async function callAuth<K extends Parameters<typeof callAuthRoute>[0]>(name: K, ...input: AuthCallInput<K>) {
  const calls = await import('./auth-calls');
  return calls.callAuthRoute(name, ...input);
}

/**
 * The signed-in user, or null for a visitor (answered 200, so no failed request is logged): the sign-in
 * app's session read. Every visit makes it on start, so it is a plain read rather than a call through
 * the lazily loaded entries, which would bring their schemas and Zod into every visit; the path is held
 * to the route map's by its type. The full app reads it with `fetchSessionUser` (session-call.ts).
 */
export async function fetchSessionUserOnSignIn(): Promise<SessionUser | null> {
  const path: (typeof authRoutes)['session']['path'] = '/api/auth/session';
  const { user } = await apiJson<RouteAnswer<(typeof authRoutes)['session']>>('GET', path);
  return user;
}

export async function verifyEmail(email: string, sendCode = false) {
  return callAuth('verifyEmail', { body: sendCode ? { email, sendCode: true } : { email } });
}

/**
 * Checks the password only; the session comes from the next step: the mailed code, or for staff with
 * a second factor (named in `secondFactor`), that factor.
 */
export async function checkPassword(email: string, password: string) {
  return callAuth('login', { body: { email, password, noSession: true } });
}

export async function completeSecondFactor(request: SecondFactorSignIn) {
  return callAuth('secondFactor', { body: request });
}

/** Asks for the server's challenge, lets the browser's passkey answer it, and signs in with the answer. */
export async function signInWithPasskey(email: string) {
  // Loaded on use: the sign-in screen's first load stays small.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await callAuth('passkeyOptions', { body: { email } });
  const response = await startAuthentication({ optionsJSON });
  return completeSecondFactor({ email, method: 'passkey', response: { ...response } });
}

export async function verifyLoginCode(email: string, code: string): Promise<{ user: SessionUser }> {
  const answer = await callAuth('verifyCode', { body: { email, code, login: true } });
  if (!('user' in answer)) throw new Error('The sign-in code was checked but no session was answered');
  return answer;
}

/** Checks a reset code without using it up; reset-password or set-password spends it. */
export async function checkResetCode(email: string, code: string) {
  return callAuth('verifyCode', { body: { email, code, reset: true } });
}

export async function setPassword(request: SetPasswordRequest) {
  return callAuth('setPassword', { body: request });
}

export async function forgotPassword(email: string) {
  return callAuth('forgotPassword', { body: { email } });
}

export async function resetPassword(request: ResetPasswordRequest) {
  return callAuth('resetPassword', { body: request });
}

export async function logout() {
  return callAuth('logout');
}
