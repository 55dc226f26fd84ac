import type { FastifyPluginAsync } from 'fastify';
import { staffInvitationRoutes as routes } from '../../../shared/routes/staff-invitations.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { localeOfAcceptLanguage } from '../../mail/i18n.js';
import { auditActor } from '../audit/index.js';
import type { StaffInvitationService } from './service.js';

/**
 * Inviting staff: admin only, under /api/settings where Add User lives (decision 290). Paths and
 * shapes: src/shared/routes/staff-invitations.ts.
 */
export const staffInvitationAdminRoutes: FastifyPluginAsync<{ invitations: StaffInvitationService }> = async (
  app,
  { invitations },
) => {
  guardStaffRoutes(app);
  registerRoute(app, routes.invite, {
    config: { permission: 'admin.all' },
    failures: { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
    summary: 'Invite a staff member, who chooses their own password from the mailed link',
    handler: async (request) =>
      invitations.invite(
        auditActor(request),
        request.body,
        localeOfAcceptLanguage(request.headers['accept-language']),
      ),
  });
};

/**
 * The invited person's side, signed out: read the invitation and choose the password. The token is the
 * only credential, so both are rate limited like the other sign-in steps.
 */
export const staffInvitationRoutesPublic: FastifyPluginAsync<{
  invitations: StaffInvitationService;
  perMinuteLimit: number;
}> = async (app, { invitations, perMinuteLimit }) => {
  const limited = { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } };
  const failures = { 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
  registerRoute(app, routes.lookup, {
    config: limited,
    failures,
    summary: 'What an invitation link invites to',
    handler: async (request) => invitations.lookup(request.body.token),
  });
  registerRoute(app, routes.accept, {
    config: limited,
    failures,
    summary: 'Choose the password of an invited staff account',
    handler: async (request) => invitations.accept(request.body, request.ip),
  });
};
