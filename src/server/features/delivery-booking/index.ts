// Delivery days staff publish and the bookings customers make on them.
export { bookedUnitIds, createDeliveryBookingService, type DeliveryBookingService } from './service.js';
