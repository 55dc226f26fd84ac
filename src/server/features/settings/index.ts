export { readSettingsIn } from './read-in.js';
export { createSettingsService, type SettingsService } from './service.js';
