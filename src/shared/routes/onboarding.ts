/** The onboarding submission of one unit. */
import { onboardingSubmitRequestSchema, onboardingSubmittedSchema } from '../schemas/onboarding.js';
import { defineRoute } from './define-route.js';

export const onboardingRoutes = {
  submit: defineRoute({
    method: 'POST',
    path: '/api/onboarding/submit',
    body: onboardingSubmitRequestSchema,
    responses: { 200: onboardingSubmittedSchema },
  }),
};
