import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../../shared/permissions.js';
import { secondFactorRoutes as routes } from '../../../shared/routes/second-factor.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { requirePermission, requireUser } from '../../http/session.js';
import { unauthorized } from '../../lib/errors.js';
import { auditActor } from '../audit/index.js';
import { secondFactorErrors } from './errors.js';
import type { SecondFactorService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const limitedFailures = { ...failures, 429: errorBody };

/** Only staff enrol a second factor; customers sign in with the mailed code (decision 151). */
function requireStaff(request: FastifyRequest) {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw secondFactorErrors.STAFF_ONLY('Only staff accounts use a second factor');
  if (request.sessionId === null) throw unauthorized();
  return { user, account: { id: user.id, email: user.email, ip: request.ip }, sessionId: request.sessionId };
}

/**
 * The signed-in staff member's own second factors: authenticator app, passkeys, recovery codes; and an
 * administrator's removal of all of someone's. Paths and shapes: src/shared/routes/second-factor.ts.
 */
export const secondFactorRoutes: FastifyPluginAsync<{
  secondFactor: SecondFactorService;
  perMinuteLimit: number;
}> = async (app, { secondFactor, perMinuteLimit }) => {
  // Codes and passwords are checked here: the same per-IP limit as the sign-in calls.
  const limited = { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } };

  registerRoute(app, routes.status, {
    failures,
    handler: async (request) => secondFactor.status(requireStaff(request).user.id),
  });

  registerRoute(app, routes.startTotp, {
    failures,
    handler: async (request) => secondFactor.startTotp(requireStaff(request).user),
  });

  registerRoute(app, routes.confirmTotp, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) =>
      secondFactor.confirmTotp(requireStaff(request).account, request.body.code, request.body.password),
  });

  registerRoute(app, routes.removeTotp, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) => {
      await secondFactor.removeTotp(requireStaff(request).account, request.body.password);
      return { message: 'Authenticator app removed' };
    },
  });

  registerRoute(app, routes.passkeyOptions, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) => {
      const { account, sessionId } = requireStaff(request);
      return {
        ...(await secondFactor.passkeyRegistrationOptions(account, sessionId, request.body.password)),
      };
    },
  });

  registerRoute(app, routes.registerPasskey, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) => {
      const { account, sessionId } = requireStaff(request);
      return secondFactor.registerPasskey(account, sessionId, request.body);
    },
  });

  registerRoute(app, routes.removePasskey, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) => {
      await secondFactor.removePasskey(
        requireStaff(request).account,
        request.params.id,
        request.body.password,
      );
      return { message: 'Passkey removed' };
    },
  });

  registerRoute(app, routes.newRecoveryCodes, {
    config: limited,
    failures: limitedFailures,
    handler: async (request) =>
      secondFactor.regenerateRecoveryCodes(requireStaff(request).account, request.body.password),
  });

  registerRoute(app, routes.removeAllForUser, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => {
      requirePermission(request, 'admin.all');
      if (!(await secondFactor.removeAllFor(request.params.id, auditActor(request)))) {
        throw secondFactorErrors.USER_NOT_FOUND('User not found');
      }
      return { message: 'Second factor removed; the user signs in with an e-mailed code again' };
    },
  });
};
