import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const settingsErrors = defineErrors({
  INVALID_SETTINGS: 'BAD_REQUEST',
  PRIVATE_WEBHOOK_TARGET: 'BAD_REQUEST',
  SETTINGS_CATEGORY_HAS_OWN_ENDPOINT: 'BAD_REQUEST',
  SETTINGS_NOT_AN_OBJECT: 'BAD_REQUEST',
  UNKNOWN_SETTING: 'BAD_REQUEST',
  UNKNOWN_SETTINGS_CATEGORY: 'NOT_FOUND',
});
