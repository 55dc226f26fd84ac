import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const financingErrors = defineErrors({
  FINANCING_APPLICATION_NOT_FOUND: 'NOT_FOUND',
  FINANCING_APPLICATION_INCOMPLETE: 'BAD_REQUEST',
  FINANCING_APPLICATION_LOCKED: 'CONFLICT',
  FINANCING_APPLICATION_NOT_SUBMITTED: 'CONFLICT',
  FINANCING_DOCUMENT_NOT_FOUND: 'BAD_REQUEST',
  FINANCING_NOT_OFFERED: 'CONFLICT',
  FINANCING_PROVIDER_UNKNOWN: 'BAD_REQUEST',
  FINANCING_TERM_NOT_OFFERED: 'BAD_REQUEST',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  UNIT_NOT_AT_PAYMENT: 'CONFLICT',
});
