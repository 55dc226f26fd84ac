/**
 * The sign-in calls, typed from src/shared/routes/auth.ts: plain fetch, light enough for the sign-in app.
 * The route entries carry their zod/mini schemas, so they and callApi are imported with the first call,
 * not with the page: the sign-in screen's first load stays within its 100 kB budget (decision 234).
 */
import type { ResetPasswordRequest, SessionUser, SetPasswordRequest } from '../../../shared/schemas/auth.js';
import type { SecondFactorSignIn } from '../../../shared/schemas/security.js';

export type { SignInFactors } from '../../../shared/schemas/auth.js';

/** The auth route entries and the typed call, loaded with the first request (one chunk, scripts/chunk-plan.ts). */
async function loadCalls() {
  const [{ authRoutes }, { callApi }] = await Promise.all([
    import('../../../shared/routes/auth.js'),
    import('../../lib/call-api'),
  ]);
  return { authRoutes, callApi };
}

/** The signed-in user, or null for a visitor (answered 200, so no failed request is logged). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { authRoutes, callApi } = await loadCalls();
  const { user } = await callApi(authRoutes.session);
  return user;
}

export async function verifyEmail(email: string, sendCode = false) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.verifyEmail, { body: sendCode ? { email, sendCode: true } : { email } });
}

/**
 * Checks the password only; the session comes from the next step: the mailed code, or for staff with
 * a second factor (named in `secondFactor`), that factor.
 */
export async function checkPassword(email: string, password: string) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.login, { body: { email, password, noSession: true } });
}

export async function completeSecondFactor(request: SecondFactorSignIn) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.secondFactor, { body: request });
}

/** Asks for the server's challenge, lets the browser's passkey answer it, and signs in with the answer. */
export async function signInWithPasskey(email: string) {
  const { authRoutes, callApi } = await loadCalls();
  // Loaded on use: the sign-in screen's first load stays small.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await callApi(authRoutes.passkeyOptions, { body: { email } });
  const response = await startAuthentication({ optionsJSON });
  return completeSecondFactor({ email, method: 'passkey', response: { ...response } });
}

export async function verifyLoginCode(email: string, code: string): Promise<{ user: SessionUser }> {
  const { authRoutes, callApi } = await loadCalls();
  const answer = await callApi(authRoutes.verifyCode, { body: { email, code, login: true } });
  if (!('user' in answer)) throw new Error('The sign-in code was checked but no session was answered');
  return answer;
}

/** Checks a reset code without using it up; reset-password or set-password spends it. */
export async function checkResetCode(email: string, code: string) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.verifyCode, { body: { email, code, reset: true } });
}

export async function setPassword(request: SetPasswordRequest) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.setPassword, { body: request });
}

export async function forgotPassword(email: string) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.forgotPassword, { body: { email } });
}

export async function resetPassword(request: ResetPasswordRequest) {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.resetPassword, { body: request });
}

export async function logout() {
  const { authRoutes, callApi } = await loadCalls();
  return callApi(authRoutes.logout);
}
