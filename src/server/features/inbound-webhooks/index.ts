export { createWebhookService, type WebhookService } from './service.js';
