import type { FastifyPluginAsync } from 'fastify';
import { withPermissions } from '../../../shared/permissions.js';
import { accountRoutes as routes } from '../../../shared/routes/account.js';
import { registerRoute } from '../../http/route-map.js';
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

/** The customer's own account (decision 26). Paths and shapes: src/shared/routes/account.ts. */
export const accountRoutes: FastifyPluginAsync<AccountRouteOptions> = async (
  app,
  { account, perMinuteLimit },
) => {
  // Visitors get 401 before their input is even read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  registerRoute(app, routes.updateProfile, {
    failures,
    handler: async (request) =>
      withPermissions(await account.updateProfile(requireUser(request).id, request.body)),
  });

  registerRoute(app, routes.updateShippingAddress, {
    failures,
    handler: async (request) => {
      const { order, items } = await account.updateShipping(requireUser(request).id, request.body);
      return toOrderDto(order, items);
    },
  });

  registerRoute(app, routes.changePassword, {
    config: { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } },
    failures: { ...failures, 429: errorBody },
    handler: async (request) => {
      const user = requireUser(request);
      await account.changePassword(user.id, request.cookies[SESSION_COOKIE], request.body, request.ip);
      return { message: 'Password updated' };
    },
  });

  registerRoute(app, routes.notifications, {
    failures,
    handler: async (request) => account.notificationPrefs(requireUser(request).id),
  });

  registerRoute(app, routes.updateNotifications, {
    failures,
    handler: async (request) => account.updateNotificationPrefs(requireUser(request).id, request.body),
  });

  registerRoute(app, routes.updatePreferences, {
    failures,
    handler: async (request) => account.updateLocale(requireUser(request).id, request.body.locale),
  });

  registerRoute(app, routes.registrationStatus, {
    failures,
    handler: async (request) => account.registrationStatus(requireUser(request), request.params.userId),
  });
};
