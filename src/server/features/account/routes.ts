import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withPermissions } from '../../../shared/permissions.js';
import { sessionUserSchema } from '../../../shared/schemas/auth.js';
import { orderSchema } from '../../../shared/schemas/orders.js';
import {
  notificationPrefsPatchSchema,
  notificationPrefsSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileUpdateSchema,
  shippingAddressUpdateSchema,
  userStatusSchema,
} from '../../../shared/schemas/user.js';
import { errorBody } from '../../http/schemas.js';
import { requireUser, SESSION_COOKIE } from '../../http/session.js';
import { toOrderDto } from '../orders/index.js';
import type { AccountService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 404: errorBody };

export interface AccountRouteOptions {
  account: AccountService;
  /** Password attempts a client IP may make per minute, like the sign-in calls. */
  perMinuteLimit: number;
}

/** The customer's own account (decision 26). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { account, perMinuteLimit },
) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.patch(
    '/api/user/profile',
    { schema: { body: profileUpdateSchema, response: { 200: sessionUserSchema, ...failures } } },
    async (request) => withPermissions(await account.updateProfile(requireUser(request).id, request.body)),
  );

  app.patch(
    '/api/user/shipping-address',
    { schema: { body: shippingAddressUpdateSchema, response: { 200: orderSchema, ...failures } } },
    async (request) => {
      const { order, items } = await account.updateShipping(requireUser(request).id, request.body);
      return toOrderDto(order, items);
    },
  );

  app.post(
    '/api/user/password',
    {
      config: { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } },
      schema: {
        body: passwordChangeSchema,
        response: { 200: z.object({ message: z.string() }), ...failures, 429: errorBody },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await account.changePassword(user.id, request.cookies[SESSION_COOKIE], request.body, request.ip);
      return { message: 'Password updated' };
    },
  );

  app.get(
    '/api/user/notifications',
    { schema: { response: { 200: notificationPrefsSchema, ...failures } } },
    async (request) => account.notificationPrefs(requireUser(request).id),
  );

  app.patch(
    '/api/user/notifications',
    {
      schema: { body: notificationPrefsPatchSchema, response: { 200: notificationPrefsSchema, ...failures } },
    },
    async (request) => account.updateNotificationPrefs(requireUser(request).id, request.body),
  );

  app.patch(
    '/api/user/preferences',
    { schema: { body: preferencesSchema, response: { 200: preferencesSchema, ...failures } } },
    async (request) => account.updateLocale(requireUser(request).id, request.body.locale),
  );

  app.get(
    '/api/user/:userId/status',
    {
      schema: {
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: { 200: userStatusSchema, ...failures },
      },
    },
    async (request) => account.registrationStatus(requireUser(request), request.params.userId),
  );
};
