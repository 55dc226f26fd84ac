import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  changeEmailSchema,
  createUserSchema,
  customersPageSchema,
  customersQuerySchema,
  deleteRefusedSchema,
  messageSchema,
  updateUserSchema,
  userDetailSchema,
} from '../../../shared/schemas/customers.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes, SESSION_COOKIE, staffUser } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import type { CustomerAdminService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Customers and users for admins (the Customers page and Settings → Admin Users): the customer list,
 * one user with their orders, reset password, change e-mail, edit, delete, and Add User.
 */
export const customerAdminRoutes: FastifyPluginAsyncZod<{ customers: CustomerAdminService }> = async (
  app,
  { customers: service },
) => {
  guardStaffRoutes(app);

  app.get(
    '/api/admin/customers',
    {
      config: { permission: 'customers.read' },
      schema: { querystring: customersQuerySchema, response: { 200: customersPageSchema, ...failures } },
    },
    async (request) => service.listCustomers(request.query),
  );

  app.get(
    '/api/admin/users',
    {
      config: { permission: 'admin.all' },
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...failures } },
    },
    async (request) => service.listUsers(request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { permission: 'customers.read' },
      schema: { params: idParams, response: { 200: userDetailSchema, ...failures } },
    },
    async (request) => service.getUser(staffUser(request).role, request.params.id),
  );

  app.post(
    '/api/admin/users/:id/reset-password',
    {
      config: { permission: 'customers.resetPassword' },
      schema: { params: idParams, response: { 200: messageSchema, ...failures, 429: errorBody } },
    },
    async (request) =>
      service.sendPasswordReset({ ...auditActor(request), role: staffUser(request).role }, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin.all' },
      schema: { params: idParams, body: changeEmailSchema, response: { 200: adminUserSchema, ...failures } },
    },
    async (request) => service.changeEmail(auditActor(request), request.params.id, request.body.email),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin.all' },
      schema: { params: idParams, body: updateUserSchema, response: { 200: adminUserSchema, ...failures } },
    },
    async (request) =>
      service.updateUser(
        auditActor(request),
        request.params.id,
        request.body,
        request.cookies[SESSION_COOKIE],
      ),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: { permission: 'admin.all' },
      schema: {
        params: idParams,
        response: { 200: messageSchema, ...failures, 409: deleteRefusedSchema },
      },
    },
    async (request) => service.deleteUser(auditActor(request), request.params.id),
  );

  // Add User lives under /api/settings, where the Settings page calls it, but is as admin-only as the rest.
  app.post(
    '/api/settings/users/create',
    {
      config: { permission: 'admin.all' },
      schema: { body: createUserSchema, response: { 201: adminUserSchema, ...failures } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUser(auditActor(request), request.body)),
  );
};
