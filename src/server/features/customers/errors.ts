import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const customersErrors = defineErrors({
  CANNOT_DELETE_SELF: 'CONFLICT',
  CANNOT_DEMOTE_SELF: 'CONFLICT',
  EMAIL_IN_USE: 'CONFLICT',
  LAST_ADMIN: 'CONFLICT',
  /** Staff accounts are read by an admin only; other staff roles read customers. */
  STAFF_ACCOUNT_ADMIN_ONLY: 'FORBIDDEN',
  STAFF_RESET_ADMIN_ONLY: 'FORBIDDEN',
  USER_HAS_ORDERS: 'CONFLICT',
  USER_NOT_FOUND: 'NOT_FOUND',
});
