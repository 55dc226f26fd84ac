export { createStaffPreferenceService, type StaffPreferenceService } from './service.js';
