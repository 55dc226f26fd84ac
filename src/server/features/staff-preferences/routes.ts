import type { FastifyPluginAsync } from 'fastify';
import { staffPreferenceRoutes as routes } from '../../../shared/routes/staff-preferences.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, staffUser } from '../../http/session.js';
import type { StaffPreferenceService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
// Every staff role reads the orders list, so every one may shape it for themselves.
const config = { permission: 'orders.read' } as const;

/**
 * The signed-in staff member's own preferences and saved views; the person always comes from the
 * session, never from the request. Paths and shapes: src/shared/routes/staff-preferences.ts.
 */
export const staffPreferenceRoutes: FastifyPluginAsync<{ staffPreferences: StaffPreferenceService }> = async (
  app,
  { staffPreferences: service },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.preferences, {
    config,
    failures,
    handler: async (request) => service.preferences(staffUser(request).id),
  });

  registerRoute(app, routes.updatePreferences, {
    config,
    failures,
    handler: async (request) => service.updatePreferences(staffUser(request).id, request.body),
  });

  registerRoute(app, routes.savedViews, {
    config,
    failures,
    handler: async (request) => service.savedViews(staffUser(request).id),
  });

  registerRoute(app, routes.saveView, {
    config,
    failures,
    handler: async (request) => service.saveView(staffUser(request).id, request.body),
  });

  registerRoute(app, routes.renameView, {
    config,
    failures,
    handler: async (request) =>
      service.renameView(staffUser(request).id, request.params.id, request.body.name),
  });

  registerRoute(app, routes.deleteView, {
    config,
    failures,
    handler: async (request) => {
      await service.deleteView(staffUser(request).id, request.params.id);
      return { message: 'View deleted' };
    },
  });
};
