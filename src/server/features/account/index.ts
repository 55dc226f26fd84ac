export { type AccountService, createAccountService } from './service.js';
