/**
 * The typed call of an auth route entry. auth-api.ts imports this module on the first request, not with
 * the page: the entries carry their zod/mini schemas, which the sign-in screen's first load does not
 * (decision 234).
 */
import { authRoutes } from '../../../shared/routes/auth.js';
import { type CallInput, callApi } from '../../lib/call-api';

type AuthRoutes = typeof authRoutes;

/** What callApi takes after the entry, for the auth entry `name` (callApi's own rest parameter). */
export type AuthCallInput<K extends keyof AuthRoutes> =
  Record<string, never> extends CallInput<AuthRoutes[K]>
    ? [input?: CallInput<AuthRoutes[K]>]
    : [input: CallInput<AuthRoutes[K]>];

export function callAuthRoute<K extends keyof AuthRoutes>(name: K, ...input: AuthCallInput<K>) {
  return callApi<AuthRoutes[K]>(authRoutes[name], ...input);
}
