import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it, so rename none and add new ones here.
 */
export const staffPreferencesErrors = defineErrors({
  SAVED_VIEW_NOT_FOUND: 'NOT_FOUND',
  SAVED_VIEW_NAME_TAKEN: 'CONFLICT',
  SAVED_VIEWS_FULL: 'CONFLICT',
});
