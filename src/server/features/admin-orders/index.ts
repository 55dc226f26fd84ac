export { type AdminOrderService, createAdminOrderService } from './service.js';
