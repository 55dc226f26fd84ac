import type { FastifyPluginAsync } from 'fastify';
import { customerRoutes as routes } from '../../../shared/routes/customers.js';
import { deleteRefusedSchema } from '../../../shared/schemas/customers.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, SESSION_COOKIE, staffUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { CustomerAdminService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Customers and users for admins (the Customers page and Settings → Admin Users): the customer list,
 * one user with their orders, reset password, change e-mail, edit, delete, and Add User. Paths and
 * shapes: src/shared/routes/customers.ts.
 */
export const customerAdminRoutes: FastifyPluginAsync<{ customers: CustomerAdminService }> = async (
  app,
  { customers: service },
) => {
  guardStaffRoutes(app);

  registerRoute(app, routes.listCustomers, {
    config: { permission: 'customers.read' },
    failures,
    handler: async (request) => service.listCustomers(request.query),
  });

  registerRoute(app, routes.listUsers, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => service.listUsers(request.query),
  });

  registerRoute(app, routes.getUser, {
    config: { permission: 'customers.read' },
    failures,
    handler: async (request) => service.getUser(staffUser(request).role, request.params.id),
  });

  registerRoute(app, routes.resetPassword, {
    config: { permission: 'customers.resetPassword' },
    failures: { ...failures, 429: errorBody },
    handler: async (request) =>
      service.sendPasswordReset({ ...auditActor(request), role: staffUser(request).role }, request.params.id),
  });

  registerRoute(app, routes.changeEmail, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) =>
      service.changeEmail(auditActor(request), request.params.id, request.body.email),
  });

  registerRoute(app, routes.updateUser, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) =>
      service.updateUser(
        auditActor(request),
        request.params.id,
        request.body,
        request.cookies[SESSION_COOKIE],
      ),
  });

  registerRoute(app, routes.deleteUser, {
    config: { permission: 'admin.all' },
    failures: { ...failures, 409: deleteRefusedSchema },
    handler: async (request) => service.deleteUser(auditActor(request), request.params.id),
  });

  // Add User lives under /api/settings, where the Settings page calls it, but is as admin-only as the rest.
  registerRoute(app, routes.createUser, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => service.createUser(auditActor(request), request.body),
  });
};
