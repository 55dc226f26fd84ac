export { createWebhookSender } from './delivery.js';
export { enqueueStatusChangedWebhook, enqueueStatusChangedWebhooks } from './outbound.js';
export { type AutomationService, createAutomationService } from './service.js';
