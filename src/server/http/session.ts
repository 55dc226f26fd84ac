import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, isStaffRole, type Permission } from '../../shared/permissions.js';
import type { Config } from '../config.js';
import type { SessionStore, SessionUser } from '../features/auth/sessions.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { routedPath } from './route-path.js';

export const SESSION_COOKIE = 'orderflow_session';
export const LOGIN_CHALLENGE_COOKIE = 'orderflow_login';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Reads the session cookie once per API request and exposes the signed-in user (or null). */
export function registerSessionLoader(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('user', null);
  // A callback hook, so that a request without a session (a page, /healthz) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = routedPath(request).startsWith('/api/') ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
    sessions.findUser(token).then((found) => {
      if (found) {
        const { sessionId: _sessionId, expiresAt: _expiresAt, ...user } = found;
        request.user = user;
      }
      done();
    }, done);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Every /api/admin route: 401 for a visitor, 403 for a signed-in USER. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'ADMIN') throw forbidden('Admins only');
  return user;
}

/**
 * A staff route: 401 for a visitor, 403 for a customer, 403 for a staff role without `permission`.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): SessionUser {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('Admins only');
  if (!can(user.role, permission)) throw forbidden('Your role does not allow this');
  return user;
}

/** Admin route plugins call this first, so visitors and customers are refused before input is read. */
export function guardAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
}

export function cookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    maxAge: maxAgeSeconds,
  };
}

/** The cookie lives as long as the session row; the server's expiry check stays the authority. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, config.sessionTtlHours * 3600));
}
