export { createImportService, type ImportService, type ImportTally } from './service.js';
