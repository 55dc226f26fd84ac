import type { FastifyPluginAsync } from 'fastify';
import { onboardingRoutes as routes } from '../../../shared/routes/onboarding.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { toItemDto } from '../orders/index.js';
import type { OnboardingService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The onboarding submission. Path and shapes: src/shared/routes/onboarding.ts. */
export const onboardingRoutes: FastifyPluginAsync<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  registerRoute(app, routes.submit, {
    failures,
    handler: async (request) => {
      const user = requireUser(request);
      const item = await onboarding.submit(user.id, request.body);
      return { message: 'Onboarding submitted', item: toItemDto(item) };
    },
  });
};
