export { createWebhookSender } from './delivery.js';
export { enqueueStatusChangedWebhook } from './outbound.js';
export { type AutomationService, createAutomationService } from './service.js';
