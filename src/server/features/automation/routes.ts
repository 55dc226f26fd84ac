import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  outboundDeliveriesQuerySchema,
  outboundDeliveriesSchema,
  signingSecretSchema,
} from '../../../shared/schemas/outbound-webhooks.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { AutomationService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Outbound automation webhooks: the delivery log with every attempt, retry, and the signing secret. */
export const automationRoutes: FastifyPluginAsyncZod<{ automation: AutomationService }> = async (
  app,
  { automation },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/outbound-webhooks',
    {
      config: { permission: 'admin.all' },
      schema: {
        querystring: outboundDeliveriesQuerySchema,
        response: { 200: outboundDeliveriesSchema, ...failures },
      },
    },
    async (request) => automation.list(request.query),
  );

  app.post(
    '/api/admin/outbound-webhooks/:id/retry',
    {
      config: { permission: 'admin.all' },
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }), ...failures } },
    },
    async (request) => {
      await automation.retry(request.params.id, auditActor(request));
      // Sent right away rather than at the next poll.
      app.outbox.webhooks.kick();
      return { message: 'Delivery queued' };
    },
  );

  app.get(
    '/api/admin/outbound-webhooks/signing-secret',
    { config: { permission: 'admin.all' }, schema: { response: { 200: signingSecretSchema, ...failures } } },
    async () => ({ secret: await automation.signingSecret() }),
  );

  app.post(
    '/api/admin/outbound-webhooks/signing-secret/rotate',
    { config: { permission: 'admin.all' }, schema: { response: { 200: signingSecretSchema, ...failures } } },
    async (request) => ({ secret: await automation.rotateSigningSecret(auditActor(request)) }),
  );
};
