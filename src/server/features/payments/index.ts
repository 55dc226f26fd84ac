export { createPaymentService, type PaymentService } from './service.js';
