import type { FastifyPluginAsync } from 'fastify';
import { financingRoutes as routes } from '../../../shared/routes/financing.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { FinancingService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The customer's application for a unit of their own order. Paths and shapes: src/shared/routes/financing.ts. */
export const financingRoutes: FastifyPluginAsync<{ financing: FinancingService }> = async (
  app,
  { financing },
) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  registerRoute(app, routes.unitFinancing, {
    failures,
    summary: "What the unit's payment step offers, and its financing application's state",
    handler: async (request) => financing.unitFinancing(requireUser(request).id, request.params.id),
  });

  registerRoute(app, routes.application, {
    failures,
    summary: "The unit's financing application",
    handler: async (request) => financing.application(requireUser(request).id, request.params.id),
  });

  registerRoute(app, routes.saveDraft, {
    failures,
    summary: 'Saves the financing application as a draft',
    handler: async (request) => financing.saveDraft(requireUser(request).id, request.params.id, request.body),
  });

  registerRoute(app, routes.submit, {
    failures,
    summary: 'Submits the saved financing application to its provider',
    handler: async (request) => financing.submit(requireUser(request).id, request.params.id),
  });

  registerRoute(app, routes.withdraw, {
    failures,
    summary: 'Withdraws a submitted financing application before its decision',
    handler: async (request) => financing.withdraw(requireUser(request).id, request.params.id),
  });
};

/** Staff read applications with `financing.read`; admins create the providers' signing secret. */
export const financingStaffRoutes: FastifyPluginAsync<{ financing: FinancingService }> = async (
  app,
  { financing },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.list, {
    config: { permission: 'financing.read' },
    failures,
    summary: 'Financing applications, most recently changed first',
    handler: async (request) => financing.list(request.query),
  });

  registerRoute(app, routes.ofOrder, {
    config: { permission: 'financing.read' },
    failures,
    summary: "An order's financing applications with their applicant details",
    handler: async (request) => ({ items: await financing.ofOrder(request.params.id) }),
  });

  registerRoute(app, routes.newSigningSecret, {
    config: { permission: 'admin.all' },
    failures,
    summary: 'A new signing secret for the financing providers, shown once',
    handler: async (request) => ({ secret: await financing.newSigningSecret(auditActor(request)) }),
  });
};
