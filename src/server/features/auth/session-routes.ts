import type { FastifyPluginAsync } from 'fastify';
import { counted } from '../../../shared/plural.js';
import { authRoutes as routes } from '../../../shared/routes/auth.js';
import type { Config } from '../../config.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { cookieOptions, requirePermission, requireUser, SESSION_COOKIE } from '../../http/session.js';
import { auditActor } from '../audit/index.js';
import { describeDevice } from './device.js';
import { authErrors } from './errors.js';
import type { AuthService } from './service.js';

const failures = { 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The caller's signed-in browsers, ending one of them, and an administrator ending every session of
 * a user. Ending a session closes its live connections on every instance (the sign-out mechanism).
 * Paths and shapes: src/shared/routes/auth.ts.
 */
export const sessionRoutes: FastifyPluginAsync<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  registerRoute(app, routes.sessions, {
    failures,
    handler: async (request) => {
      const user = requireUser(request);
      const rows = await auth.sessions.list(user.id);
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === request.sessionId,
      }));
    },
  });

  registerRoute(app, routes.endSession, {
    failures,
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Another user's session answers as if it did not exist.
      if (!(await auth.sessions.endOwn(user, request.params.id, request.ip)))
        throw authErrors.SESSION_NOT_FOUND('Session not found');
      if (request.params.id === request.sessionId) reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      return { message: 'Session ended' };
    },
  });

  registerRoute(app, routes.endUserSessions, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => {
      requirePermission(request, 'admin.all');
      const ended = await auth.endAllSessions(request.params.id, auditActor(request));
      if (ended === undefined) throw authErrors.USER_NOT_FOUND('User not found');
      return { message: `Ended ${counted(ended, 'session', 'sessions')}`, ended };
    },
  });
};
