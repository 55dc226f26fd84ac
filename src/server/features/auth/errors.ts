import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const authErrors = defineErrors({
  ACCOUNT_NOT_SAVED: 'CONFLICT',
  CODES_PAUSED: 'RATE_LIMITED',
  CODE_EXPIRED: 'BAD_REQUEST',
  CODE_INVALID: 'BAD_REQUEST',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  LOGIN_AND_RESET: 'BAD_REQUEST',
  NO_ACCOUNT: 'BAD_REQUEST',
  PASSWORD_ALREADY_SET: 'CONFLICT',
  PASSWORD_STEP_REQUIRED: 'UNAUTHORIZED',
  SECOND_FACTOR_LOCKED: 'UNAUTHORIZED',
  SECOND_FACTOR_TRIES_SPENT: 'BAD_REQUEST',
  SESSION_NOT_FOUND: 'NOT_FOUND',
  TOO_MANY_CODES: 'RATE_LIMITED',
  USE_SECOND_FACTOR: 'UNAUTHORIZED',
  USER_NOT_FOUND: 'NOT_FOUND',
  WRONG_SECOND_FACTOR: 'BAD_REQUEST',
});
