import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderItemSchema } from '../../../shared/schemas/orders.js';
import { errorBody } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { toItemDto } from '../orders/index.js';
import type { OnboardingService } from './service.js';

const id = z.number().int().positive();

export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.post(
    '/api/onboarding/submit',
    {
      schema: {
        body: z.object({
          // Checked by the service against the onboarding schema, so that each message is keyed by
          // the form's own field name (fields.firstName), as the form shows it.
          formData: z.record(z.string(), z.unknown()),
          orderItemId: id,
          orderId: id,
          itemNumber: id.optional(),
        }),
        response: {
          200: z.object({ message: z.string(), item: orderItemSchema }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const item = await onboarding.submit(user.id, request.body);
      return { message: 'Onboarding submitted', item: toItemDto(item) };
    },
  );
};
