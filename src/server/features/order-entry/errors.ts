import { defineErrors } from '../../lib/errors.js';

/** The error codes of staff order entry (docs/api.md, "Errors"). */
export const orderEntryErrors = defineErrors({
  ORDER_ALREADY_EXISTS: 'CONFLICT',
});
