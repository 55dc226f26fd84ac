import { defineErrors } from '../lib/errors.js';

/**
 * The error codes of the HTTP layer: the framework's own answers, the session and origin guards and
 * the live channel (docs/api.md, "Errors"). A code is stable: clients and integrators branch on it and
 * the portal translates it, so rename none and add new ones here.
 */
export const httpErrors = defineErrors({
  CROSS_ORIGIN_REFUSED: 'FORBIDDEN',
  INVALID_INPUT: 'BAD_REQUEST',
  INVALID_JSON: 'BAD_REQUEST',
  PERMISSION_DENIED: 'FORBIDDEN',
  ROUTE_NOT_FOUND: 'NOT_FOUND',
  /** Staff who must enrol a second factor first (decision 154); the portal shows the enrolment. */
  SECOND_FACTOR_REQUIRED: 'FORBIDDEN',
  STAFF_ONLY: 'FORBIDDEN',
  VALIDATION_FAILED: 'BAD_REQUEST',
});
