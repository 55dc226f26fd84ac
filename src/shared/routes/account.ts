/** The customer's own account (decision 26): profile, shipping details, password, notifications, language. */
import { sessionUserSchema } from '../schemas/auth.js';
import { messageSchema } from '../schemas/common.js';
import { orderSchema } from '../schemas/orders.js';
import {
  notificationPrefsPatchSchema,
  notificationPrefsSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileUpdateSchema,
  shippingAddressUpdateSchema,
  userStatusParams,
  userStatusSchema,
} from '../schemas/user.js';
import { defineRoute } from './define-route.js';

export const accountRoutes = {
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/api/user/profile',
    body: profileUpdateSchema,
    responses: { 200: sessionUserSchema },
  }),
  /** Answers the latest order with its new shipping address and phone. */
  updateShippingAddress: defineRoute({
    method: 'PATCH',
    path: '/api/user/shipping-address',
    body: shippingAddressUpdateSchema,
    responses: { 200: orderSchema },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/password',
    body: passwordChangeSchema,
    responses: { 200: messageSchema },
  }),
  notifications: defineRoute({
    method: 'GET',
    path: '/api/user/notifications',
    responses: { 200: notificationPrefsSchema },
  }),
  updateNotifications: defineRoute({
    method: 'PATCH',
    path: '/api/user/notifications',
    body: notificationPrefsPatchSchema,
    responses: { 200: notificationPrefsSchema },
  }),
  updatePreferences: defineRoute({
    method: 'PATCH',
    path: '/api/user/preferences',
    body: preferencesSchema,
    responses: { 200: preferencesSchema },
  }),
  registrationStatus: defineRoute({
    method: 'GET',
    path: '/api/user/:userId/status',
    params: userStatusParams,
    responses: { 200: userStatusSchema },
  }),
};
