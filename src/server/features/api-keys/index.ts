export { API_KEY_PREFIX, type ApiKeyService, createApiKeyService } from './service.js';
