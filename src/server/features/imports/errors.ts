import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const importsErrors = defineErrors({
  DUPLICATE_COLUMN: 'BAD_REQUEST',
  FILE_EMPTY: 'BAD_REQUEST',
  FILE_HAS_NO_ORDERS: 'BAD_REQUEST',
  FILE_REQUIRED: 'BAD_REQUEST',
  FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TYPE_NOT_SUPPORTED: 'UNSUPPORTED_MEDIA_TYPE',
  FILE_UNREADABLE: 'BAD_REQUEST',
  /** Another import of the same staff member is still running on this instance. */
  IMPORT_BUSY: 'RATE_LIMITED',
  IMPORT_CONFLICT: 'CONFLICT',
  IMPORT_REFUSED: 'BAD_REQUEST',
  INVALID_FLAG: 'BAD_REQUEST',
  MISSING_COLUMNS: 'BAD_REQUEST',
  NOT_MULTIPART: 'UNSUPPORTED_MEDIA_TYPE',
  ONE_FILE_AT_A_TIME: 'BAD_REQUEST',
  TOO_MANY_FORM_FIELDS: 'BAD_REQUEST',
  UNEXPECTED_FILE_FIELD: 'BAD_REQUEST',
  WORKBOOK_HAS_NO_SHEET: 'BAD_REQUEST',
});
