// Staff order entry: one order created in the back office (decision 268).
export { createOrderEntryService, type OrderEntryService } from './service.js';
