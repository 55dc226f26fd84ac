// The public tracking link: the token-keyed read of an order's progress and its replacement by staff.

export { createTrackingService, type TrackingService } from './service.js';
