import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const adminOrdersErrors = defineErrors({
  NO_NEXT_STAGE: 'CONFLICT',
  JOB_HAS_NO_FILE: 'CONFLICT',
  JOB_NOT_FOUND: 'NOT_FOUND',
  NO_ORDERS_MATCH: 'NOT_FOUND',
  NO_ORDERS_TO_EXPORT: 'NOT_FOUND',
  ORDER_STAGE_CHANGED: 'CONFLICT',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  UNIT_NOT_IN_ORDER: 'BAD_REQUEST',
});
