// Financing applications: the customer's application at the payment stage, the providers' decisions.
export { recordFinancingDecision } from './decision.js';
export { createFinancingService, type FinancingService } from './service.js';
