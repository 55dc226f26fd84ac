export { createImportService, type ImportService } from './service.js';
