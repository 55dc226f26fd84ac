export { announceFirstAdmin, ensureFirstAdmin } from './first-admin.js';
export { type AuthService, createAuthService } from './service.js';
export { type SessionStore, type SessionUser, sessionUserColumns } from './sessions.js';
