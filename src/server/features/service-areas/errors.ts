import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const serviceAreasErrors = defineErrors({
  INVALID_ZIP_CODE: 'BAD_REQUEST',
  ZIP_CODE_NOT_ENABLED: 'NOT_FOUND',
  ZIP_CODE_REQUIRED: 'BAD_REQUEST',
});
