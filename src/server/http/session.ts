import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, isStaffRole, type Permission } from '../../shared/permissions.js';
import type { Config } from '../config.js';
import type { SessionStore, SessionUser } from '../features/auth/sessions.js';
import type { Clock } from '../lib/clock.js';
import { unauthorized } from '../lib/errors.js';
import { httpErrors } from './errors.js';
import { routedPath } from './route-path.js';

export const SESSION_COOKIE = 'orderflow_session';
export const LOGIN_CHALLENGE_COOKIE = 'orderflow_login';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The id of the session the cookie names, when it is live. */
    sessionId: number | null;
  }
}

/**
 * What staff who must enrol a second factor may still call: sign-in and sign-out, who they are, the
 * public configuration, the enrolment itself and their own sessions.
 */
const OPEN_BEFORE_ENROLMENT = /^\/api\/(auth\/|config$|user$|user\/second-factor(\/|$)|user\/sessions(\/|$))/;

/** Reads the session cookie once per API request and exposes the signed-in user (or null). */
export function registerSessionLoader(
  app: FastifyInstance,
  sessions: SessionStore,
  idle: { clock: Clock; staffIdleMinutes: number },
) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const staffIdleMs = idle.staffIdleMinutes * 60_000;

  async function loadSession(request: FastifyRequest, path: string, token: string) {
    const found = await sessions.findUser(token);
    if (!found) return;
    const { sessionId, expiresAt: _expiresAt, lastSeenAt, ...user } = found;
    // A back-office session left open on a shared or lost device ends after STAFF_IDLE_MINUTES unused;
    // the request goes on as a visitor's (401 where a session is needed).
    if (
      staffIdleMs > 0 &&
      isStaffRole(user.role) &&
      lastSeenAt &&
      idle.clock.now().getTime() - lastSeenAt.getTime() > staffIdleMs
    ) {
      await sessions.end(sessionId);
      return;
    }
    request.user = user;
    request.sessionId = sessionId;
    await sessions.touch(sessionId, lastSeenAt);
    if (user.mustEnrolSecondFactor && !OPEN_BEFORE_ENROLMENT.test(path)) {
      throw httpErrors.SECOND_FACTOR_REQUIRED(
        'Your organisation requires a second factor: set up a passkey or an authenticator app first.',
      );
    }
  }

  // A callback hook, so that a request without a session (a page, /healthz) costs no promise; the cookie
  // is looked at first, as a request without one needs nothing else (the route is worked out per call).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const path = routedPath(request);
    if (!path.startsWith('/api/')) return done();
    loadSession(request, path, token).then(() => done(), done);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * A staff route: 401 for a visitor, 403 for a customer, 403 for a staff role without `permission`.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): SessionUser {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw httpErrors.STAFF_ONLY('Staff only');
  if (!can(user.role, permission)) throw httpErrors.PERMISSION_DENIED('Your role does not allow this');
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a staff route requires; every route of a `guardStaffRoutes` plugin must name one. */
    permission?: Permission;
  }
}

/**
 * Staff route plugins call this first: each route declares `config: { permission }`, and visitors,
 * customers and roles without it are refused before any input is read. A route added without a
 * permission stops the server at start-up rather than opening up.
 */
export function guardStaffRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(`Staff route ${String(route.method)} ${route.url} names no permission`);
    }
  });
  // A callback hook: it never waits, and an async one costs a promise on every staff request.
  app.addHook('onRequest', (request, _reply, done) => {
    const { permission } = request.routeOptions.config;
    try {
      // Unreachable after the onRoute check; refusing keeps a mistake closed rather than open.
      if (!permission) throw httpErrors.PERMISSION_DENIED('Your role does not allow this');
      requirePermission(request, permission);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** The signed-in staff member of a route already behind `guardStaffRoutes`. */
export function staffUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw httpErrors.STAFF_ONLY('Staff only');
  return user;
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
