import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes of staff invitations (docs/api.md, "Errors"). A code is stable: the sign-in screen
 * translates it, so rename none and add new ones here.
 */
export const invitationErrors = defineErrors({
  /** The address already has an account that is not a pending staff account (a customer, or staff who signed in). */
  EMAIL_IN_USE: 'CONFLICT',
  INVITATION_NOT_FOUND: 'NOT_FOUND',
  INVITATION_EXPIRED: 'CONFLICT',
  INVITATION_USED: 'CONFLICT',
});
