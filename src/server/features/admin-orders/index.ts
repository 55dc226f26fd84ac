export { attachment, escapeFormula } from './export.js';
export { type AdminOrderService, createAdminOrderService } from './service.js';
