// Delivery estimates: the window each undelivered unit is expected in, the back-test of those
// windows on delivered units, and the units now past theirs.

export { createForecastService, type EstimatedUnit, type ForecastService } from './service.js';
