/**
 * The invitation calls (decision 290), imported on first use like auth-calls.ts: their route entries
 * carry zod/mini schemas the sign-in screen's first load has no room for (decision 234).
 */
import { staffInvitationRoutes } from '../../../shared/routes/staff-invitations.js';
import { callApi } from '../../lib/call-api';

export const lookupInvitation = (token: string) => callApi(staffInvitationRoutes.lookup, { body: { token } });

export const acceptInvitation = (token: string, password: string) =>
  callApi(staffInvitationRoutes.accept, { body: { token, password } });
