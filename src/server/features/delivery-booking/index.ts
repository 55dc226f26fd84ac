// Delivery days staff publish and the bookings customers make on them.

export { type SeededBooking, type SeededDeliveryDay, seedDeliveryDays } from './seed.js';
export { bookedUnitIds, createDeliveryBookingService, type DeliveryBookingService } from './service.js';
