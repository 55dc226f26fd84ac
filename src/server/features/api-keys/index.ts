export { API_KEY_PREFIX, type ApiKeyService, createApiKeyService, generateApiKey } from './service.js';
