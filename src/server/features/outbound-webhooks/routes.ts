import type { FastifyPluginAsync } from 'fastify';
import { automationRoutes as routes } from '../../../shared/routes/outbound-webhooks.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { AutomationService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const config = { permission: 'admin.all' };

/**
 * Outbound automation webhooks: the delivery log with every attempt, retry, and the signing secret.
 * Paths and shapes: src/shared/routes/outbound-webhooks.ts.
 */
export const automationRoutes: FastifyPluginAsync<{ automation: AutomationService }> = async (
  app,
  { automation },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.listDeliveries, {
    config,
    failures,
    handler: async (request) => automation.list(request.query),
  });

  registerRoute(app, routes.retryDelivery, {
    config,
    failures,
    handler: async (request) => {
      await automation.retry(request.params.id, auditActor(request));
      // Sent right away rather than at the next poll.
      app.outbox.webhooks.kick();
      return { message: 'Delivery queued' };
    },
  });

  registerRoute(app, routes.signingSecret, {
    config,
    failures,
    handler: async () => ({ secret: await automation.signingSecret() }),
  });

  registerRoute(app, routes.rotateSigningSecret, {
    config,
    failures,
    handler: async (request) => ({ secret: await automation.rotateSigningSecret(auditActor(request)) }),
  });
};
