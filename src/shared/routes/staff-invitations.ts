/**
 * Staff invitations (decision 290): an admin invites (under /api/settings, where Add User lives), the
 * invited person reads and accepts the invitation from the mailed link (under /api/auth, signed out).
 */
import {
  acceptInvitationSchema,
  invitationAcceptedSchema,
  invitationLookupSchema,
  invitationSchema,
  invitationSentSchema,
  inviteStaffSchema,
} from '../schemas/staff-invitations.js';
import { defineRoute } from './define-route.js';

export const staffInvitationRoutes = {
  invite: defineRoute({
    method: 'POST',
    path: '/api/settings/users/invite',
    body: inviteStaffSchema,
    responses: { 201: invitationSentSchema },
  }),
  lookup: defineRoute({
    method: 'POST',
    path: '/api/auth/invitations/lookup',
    body: invitationLookupSchema,
    responses: { 200: invitationSchema },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/auth/invitations/accept',
    body: acceptInvitationSchema,
    responses: { 200: invitationAcceptedSchema },
  }),
};
