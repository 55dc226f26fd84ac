import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const webhooksErrors = defineErrors({
  API_KEY_INVALID: 'UNAUTHORIZED',
  API_KEY_IN_URL: 'UNAUTHORIZED',
  API_KEY_MISSING: 'UNAUTHORIZED',
  IDEMPOTENCY_KEY_REUSED: 'CONFLICT',
  IDEMPOTENCY_KEY_TOO_LONG: 'BAD_REQUEST',
  NOTHING_TO_REPLAY: 'BAD_REQUEST',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  STAGE_BACKWARD: 'CONFLICT',
  UNKNOWN_STATUS: 'BAD_REQUEST',
  VALIDATION_FAILED: 'BAD_REQUEST',
  WEBHOOK_ENDPOINT_UNKNOWN: 'NOT_FOUND',
  WEBHOOK_EVENT_NOT_FOUND: 'NOT_FOUND',
});
