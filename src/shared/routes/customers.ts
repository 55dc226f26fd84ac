/**
 * Customers and users for admins (the Customers page and Settings → Admin Users): the customer list,
 * users by role, one user with their orders, reset password, change e-mail, edit, delete, and Add User
 * (under /api/settings, where the Settings page calls it).
 */
import { idParams } from '../schemas/common.js';
import {
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  changeEmailSchema,
  createUserSchema,
  customersPageSchema,
  customersQuerySchema,
  messageSchema,
  updateUserSchema,
  userDetailSchema,
} from '../schemas/customers.js';
import { defineRoute } from './define-route.js';

export const customerRoutes = {
  listCustomers: defineRoute({
    method: 'GET',
    path: '/api/admin/customers',
    query: customersQuerySchema,
    responses: { 200: customersPageSchema },
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    query: adminUsersQuerySchema,
    responses: { 200: adminUsersPageSchema },
  }),
  getUser: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id',
    params: idParams,
    responses: { 200: userDetailSchema },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/reset-password',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  changeEmail: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: idParams,
    body: changeEmailSchema,
    responses: { 200: adminUserSchema },
  }),
  updateUser: defineRoute({
    method: 'PUT',
    path: '/api/admin/users/:id',
    params: idParams,
    body: updateUserSchema,
    responses: { 200: adminUserSchema },
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/settings/users/create',
    body: createUserSchema,
    responses: { 201: adminUserSchema },
  }),
};
