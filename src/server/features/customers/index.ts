export { type CustomerAdminService, createCustomerAdminService } from './service.js';
