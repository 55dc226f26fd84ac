import { defineErrors } from '../lib/errors.js';

/**
 * The error codes the metrics endpoint answers with (docs/api.md, "Errors"). A code is stable: clients and
 * integrators branch on it and the portal translates it, so rename none and add new ones here.
 */
export const metricsErrors = defineErrors({
  METRICS_TOKEN_REQUIRED: 'UNAUTHORIZED',
});
