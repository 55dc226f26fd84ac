import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it, so rename none and add new ones here.
 */
export const insightsErrors = defineErrors({
  INSIGHTS_RANGE_INVALID: 'BAD_REQUEST',
});
