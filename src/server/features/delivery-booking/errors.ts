import { defineErrors } from '../../lib/errors.js';

/**
 * The error codes this capability answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const deliveryBookingErrors = defineErrors({
  BOOKING_TOO_LATE: 'CONFLICT',
  DATE_RANGE_REVERSED: 'BAD_REQUEST',
  DATE_RANGE_TOO_LONG: 'BAD_REQUEST',
  DAY_ALREADY_PUBLISHED: 'CONFLICT',
  DAY_HAS_BOOKINGS: 'CONFLICT',
  DAY_IN_PAST: 'BAD_REQUEST',
  DELIVERY_DAY_NOT_FOUND: 'NOT_FOUND',
  NO_DAYS_IN_RANGE: 'BAD_REQUEST',
  DAYS_ALREADY_PUBLISHED: 'CONFLICT',
  ORDER_ITEM_NOT_FOUND: 'NOT_FOUND',
  SLOT_FULL: 'CONFLICT',
  SLOT_TOO_SOON: 'CONFLICT',
  SLOT_BEFORE_WINDOW: 'CONFLICT',
  UNIT_NOT_BOOKABLE: 'CONFLICT',
});
