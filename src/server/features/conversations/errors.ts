import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const conversationsErrors = defineErrors({
  ATTACHMENT_NOT_FOUND: 'BAD_REQUEST',
  FILE_EMPTY: 'BAD_REQUEST',
  FILE_NOT_FOUND: 'NOT_FOUND',
  FILE_REQUIRED: 'BAD_REQUEST',
  FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED: 'UNSUPPORTED_MEDIA_TYPE',
  MESSAGE_EMPTY: 'BAD_REQUEST',
  NOT_MULTIPART: 'UNSUPPORTED_MEDIA_TYPE',
  ONE_FILE_AT_A_TIME: 'BAD_REQUEST',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_YOURS: 'BAD_REQUEST',
  ORDER_UPLOAD_QUOTA_EXCEEDED: 'PAYLOAD_TOO_LARGE',
  PERMISSION_DENIED: 'FORBIDDEN',
  TOO_MANY_FORM_FIELDS: 'BAD_REQUEST',
  UNEXPECTED_FILE_FIELD: 'BAD_REQUEST',
  UPLOAD_NOT_ON_ORDER: 'BAD_REQUEST',
});
