export { createServiceAreaService, type ServiceAreaService } from './service.js';
