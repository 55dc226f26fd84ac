// Delivery days staff publish and the bookings customers make on them.
export { createDeliveryBookingService, type DeliveryBookingService } from './service.js';
