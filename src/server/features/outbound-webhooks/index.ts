export { createWebhookSender } from './delivery.js';
export {
  enqueueStatusChangedWebhook,
  enqueueStatusChangedWebhooks,
  queueSignedDelivery,
} from './outbound.js';
export { type AutomationService, createAutomationService } from './service.js';
export { ensureSigningSecret, rotateSigningSecret } from './signing.js';
