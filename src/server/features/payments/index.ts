export { type SeededDeposit, seedDepositSessions } from './seed.js';
export { createPaymentService, type PaymentService } from './service.js';
