import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const ordersErrors = defineErrors({
  /** The staff list's date filter: a range whose end is before its start. */
  DATE_RANGE_REVERSED: 'BAD_REQUEST',
  DOCUMENT_NOT_READY: 'CONFLICT',
  /** The staff list's date filter: not a calendar date. */
  INVALID_DATE: 'BAD_REQUEST',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  STATUS_CHANGE_NOT_ALLOWED: 'FORBIDDEN',
});
