import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const automationErrors = defineErrors({
  DELIVERY_ALREADY_DELIVERED: 'CONFLICT',
  DELIVERY_NOT_FOUND: 'NOT_FOUND',
});
