import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const secondFactorErrors = defineErrors({
  NO_PASSKEY: 'BAD_REQUEST',
  NO_SECOND_FACTOR: 'CONFLICT',
  PASSKEY_ALREADY_REGISTERED: 'CONFLICT',
  PASSKEY_CHALLENGE_EXPIRED: 'CONFLICT',
  PASSKEY_NOT_FOUND: 'NOT_FOUND',
  PASSKEY_NOT_VERIFIED: 'BAD_REQUEST',
  STAFF_ONLY: 'FORBIDDEN',
  TOTP_ALREADY_SET_UP: 'CONFLICT',
  TOTP_CODE_INVALID: 'BAD_REQUEST',
  TOTP_NOT_SET_UP: 'NOT_FOUND',
  TOTP_SETUP_NOT_STARTED: 'CONFLICT',
  USER_NOT_FOUND: 'NOT_FOUND',
  WRONG_PASSWORD: 'BAD_REQUEST',
});
