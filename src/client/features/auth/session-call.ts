/**
 * The session read every page of the full app makes on start. It imports its route entry statically so
 * that the landing pages name its chunk among their first scripts; the sign-in screen's other calls load
 * theirs with the first request (decision 234).
 */
import { authRoutes } from '../../../shared/routes/auth.js';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { callApi } from '../../lib/call-api';

export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { user } = await callApi(authRoutes.session);
  return user;
}
