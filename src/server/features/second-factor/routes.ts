import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaffRole } from '../../../shared/permissions.js';
import {
  enrolledSchema,
  passkeyRegisterSchema,
  reauthSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from '../../../shared/schemas/security.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { requirePermission, requireUser } from '../../http/session.js';
import { unauthorized } from '../../lib/errors.js';
import { auditActor } from '../audit/index.js';
import { secondFactorErrors } from './errors.js';
import type { SecondFactorService } from './service.js';

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const ok = z.object({ message: z.string() });

/** Only staff enrol a second factor; customers sign in with the mailed code (decision 151). */
function requireStaff(request: FastifyRequest) {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw secondFactorErrors.STAFF_ONLY('Only staff accounts use a second factor');
  if (request.sessionId === null) throw unauthorized();
  return { user, account: { id: user.id, email: user.email, ip: request.ip }, sessionId: request.sessionId };
}

/** The signed-in staff member's own second factors: authenticator app, passkeys, recovery codes. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{
  secondFactor: SecondFactorService;
  perMinuteLimit: number;
}> = async (app, { secondFactor, perMinuteLimit }) => {
  // Codes and passwords are checked here: the same per-IP limit as the sign-in calls.
  const limited = { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } };

  app.get(
    '/api/user/second-factor',
    { schema: { response: { 200: secondFactorStatusSchema, ...failures } } },
    async (request) => secondFactor.status(requireStaff(request).user.id),
  );

  app.post(
    '/api/user/second-factor/totp',
    { schema: { response: { 200: totpSetupSchema, ...failures } } },
    async (request) => secondFactor.startTotp(requireStaff(request).user),
  );

  app.post(
    '/api/user/second-factor/totp/confirm',
    {
      config: limited,
      schema: { body: totpConfirmSchema, response: { 200: enrolledSchema, ...failures, 429: errorBody } },
    },
    async (request) =>
      secondFactor.confirmTotp(requireStaff(request).account, request.body.code, request.body.password),
  );

  app.delete(
    '/api/user/second-factor/totp',
    { config: limited, schema: { body: reauthSchema, response: { 200: ok, ...failures, 429: errorBody } } },
    async (request) => {
      await secondFactor.removeTotp(requireStaff(request).account, request.body.password);
      return { message: 'Authenticator app removed' };
    },
  );

  app.post(
    '/api/user/second-factor/passkeys/options',
    {
      config: limited,
      schema: {
        // The password first, so that a wrong one is known before the browser creates a passkey.
        body: reauthSchema,
        // WebAuthn's PublicKeyCredentialCreationOptionsJSON, for the browser's navigator.credentials.create.
        response: { 200: z.looseObject({ challenge: z.string() }), ...failures, 429: errorBody },
      },
    },
    async (request) => {
      const { account, sessionId } = requireStaff(request);
      return {
        ...(await secondFactor.passkeyRegistrationOptions(account, sessionId, request.body.password)),
      };
    },
  );

  app.post(
    '/api/user/second-factor/passkeys',
    {
      config: limited,
      schema: { body: passkeyRegisterSchema, response: { 200: enrolledSchema, ...failures, 429: errorBody } },
    },
    async (request) => {
      const { account, sessionId } = requireStaff(request);
      return secondFactor.registerPasskey(account, sessionId, request.body);
    },
  );

  app.delete(
    '/api/user/second-factor/passkeys/:id',
    {
      config: limited,
      schema: { params: idParams, body: reauthSchema, response: { 200: ok, ...failures, 429: errorBody } },
    },
    async (request) => {
      await secondFactor.removePasskey(
        requireStaff(request).account,
        request.params.id,
        request.body.password,
      );
      return { message: 'Passkey removed' };
    },
  );

  app.post(
    '/api/user/second-factor/recovery-codes',
    {
      config: limited,
      schema: { body: reauthSchema, response: { 200: recoveryCodesSchema, ...failures, 429: errorBody } },
    },
    async (request) =>
      secondFactor.regenerateRecoveryCodes(requireStaff(request).account, request.body.password),
  );

  app.delete(
    '/api/admin/users/:id/second-factor',
    { config: { permission: 'admin.all' }, schema: { params: idParams, response: { 200: ok, ...failures } } },
    async (request) => {
      requirePermission(request, 'admin.all');
      if (!(await secondFactor.removeAllFor(request.params.id, auditActor(request)))) {
        throw secondFactorErrors.USER_NOT_FOUND('User not found');
      }
      return { message: 'Second factor removed; the user signs in with an e-mailed code again' };
    },
  );
};
