/**
 * Staff invitations: an admin invites an e-mail address with a role, and the person chooses their own
 * password from the mailed link (decision 290). zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { STAFF_ROLES } from '../permissions.js';
import { emailSchema, passwordSchema } from './auth.js';

/** How long a mailed invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The role an invitation gets when none is chosen: the one that can change nothing. */
export const DEFAULT_INVITED_ROLE = 'VIEWER';

const staffRoleSchema = z.enum(STAFF_ROLES, { error: `Choose one of ${STAFF_ROLES.join(', ')}` });

/** POST /api/settings/users/invite. */
export const inviteStaffSchema = z.object({
  email: emailSchema,
  role: z._default(staffRoleSchema, DEFAULT_INVITED_ROLE),
});
export type InviteStaff = z.output<typeof inviteStaffSchema>;

export const invitationSentSchema = z.object({
  /** The invited account (pending until the password is chosen). */
  id: z.number(),
  email: z.string(),
  role: staffRoleSchema,
  /** ISO timestamp after which the link no longer works. */
  expiresAt: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** The token from the link: 256 bits, base64url. */
const tokenSchema = z
  .string({ error: 'The invitation link is not complete' })
  .check(
    z.trim(),
    z.minLength(20, 'The invitation link is not complete'),
    z.maxLength(200, 'The invitation link is not complete'),
  );

/** POST /api/auth/invitations/lookup: what the link invites to, before the password is chosen. */
export const invitationLookupSchema = z.object({ token: tokenSchema });

export const invitationSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/auth/invitations/accept. */
export const acceptInvitationSchema = z.object({ token: tokenSchema, password: passwordSchema });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** The accepted account: the person signs in with it next. */
export const invitationAcceptedSchema = z.object({ email: z.string() });
