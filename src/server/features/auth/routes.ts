import type { FastifyPluginAsync } from 'fastify';
import { LOGIN_CHALLENGE_TTL_MINUTES } from '../../../shared/constants.js';
import { withPermissions } from '../../../shared/permissions.js';
import { authRoutes as routes } from '../../../shared/routes/auth.js';
import type { Config } from '../../config.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import {
  cookieOptions,
  LOGIN_CHALLENGE_COOKIE,
  requireUser,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../http/session.js';
import { localeOfAcceptLanguage } from '../../mail/i18n.js';
import { authErrors } from './errors.js';
import type { AuthService } from './service.js';

export interface AuthRouteOptions {
  auth: AuthService;
  config: Config;
  /** Requests a client IP may make to the credential and code endpoints per minute. */
  perMinuteLimit: number;
}

/** The sign-in steps. Paths and shapes: src/shared/routes/auth.ts. */
export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (
  app,
  { auth, config, perMinuteLimit },
) => {
  const limited = { rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } };
  const meta = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    locale: localeOfAcceptLanguage(request.headers['accept-language']),
  });

  const currentUser = {
    failures: { 401: errorBody },
    handler: async (request: Parameters<typeof requireUser>[0]) => withPermissions(requireUser(request)),
  };
  registerRoute(app, routes.user, currentUser);
  registerRoute(app, routes.currentUser, currentUser);
  // The same question for a page that only wants to know: a visitor is an answer, not an error, so
  // the browser logs no failed request on the sign-in page.
  registerRoute(app, routes.session, {
    handler: async (request) => ({ user: request.user && withPermissions(request.user) }),
  });

  registerRoute(app, routes.verifyEmail, {
    config: limited,
    handler: async (request) => {
      const sendCode = request.body.sendCode === true;
      const challenge = request.cookies[LOGIN_CHALLENGE_COOKIE];
      const status = await auth.lookup(request.body.email, { sendCode, challenge }, meta(request));
      return sendCode ? { ...status, codeSent: true } : status;
    },
  });

  registerRoute(app, routes.login, {
    config: limited,
    failures: { 401: errorBody, 429: errorBody },
    handler: async (request, reply) => {
      const { challenge, secondFactor } = await auth.checkPassword(
        request.body.email,
        request.body.password,
        meta(request),
      );
      reply.setCookie(
        LOGIN_CHALLENGE_COOKIE,
        challenge,
        cookieOptions(config, LOGIN_CHALLENGE_TTL_MINUTES * 60),
      );
      return { ok: true as const, ...(secondFactor && { secondFactor }) };
    },
  });

  registerRoute(app, routes.passkeyOptions, {
    config: limited,
    failures: { 400: errorBody, 401: errorBody },
    handler: async (request) => ({
      ...(await auth.passkeySignInOptions(request.body.email, request.cookies[LOGIN_CHALLENGE_COOKIE])),
    }),
  });

  registerRoute(app, routes.secondFactor, {
    config: limited,
    failures: { 400: errorBody, 401: errorBody, 429: errorBody },
    handler: async (request, reply) => {
      const { user, session } = await auth.completeSecondFactor(
        request.body,
        request.cookies[LOGIN_CHALLENGE_COOKIE],
        meta(request),
      );
      reply.clearCookie(LOGIN_CHALLENGE_COOKIE, cookieOptions(config));
      setSessionCookie(reply, config, session.token);
      return { user };
    },
  });

  registerRoute(app, routes.verifyCode, {
    config: limited,
    handler: async (request, reply) => {
      const { email, code, login, reset } = request.body;
      if (login && reset) throw authErrors.LOGIN_AND_RESET('Choose either login or reset, not both');
      if (!login) {
        await auth.checkCode(email, code, meta(request));
        return { valid: true as const };
      }
      const { user, session } = await auth.completeLogin(
        email,
        code,
        request.cookies[LOGIN_CHALLENGE_COOKIE],
        meta(request),
      );
      reply.clearCookie(LOGIN_CHALLENGE_COOKIE, cookieOptions(config));
      setSessionCookie(reply, config, session.token);
      return { user };
    },
  });

  registerRoute(app, routes.setPassword, {
    config: limited,
    handler: async (request, reply) => {
      const { email, password, code } = request.body;
      const { user, session } = await auth.setPassword(email, password, code, meta(request));
      setSessionCookie(reply, config, session.token);
      return { user };
    },
  });

  registerRoute(app, routes.forgotPassword, {
    config: limited,
    handler: async (request) => {
      const status = await auth.forgotPassword(request.body.email, meta(request));
      return { email: request.body.email, status };
    },
  });

  registerRoute(app, routes.resetPassword, {
    config: limited,
    handler: async (request, reply) => {
      const { email, password, code } = request.body;
      await auth.resetPassword(email, password, code, meta(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      return { message: 'Password reset successful' };
    },
  });

  registerRoute(app, routes.logout, {
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.sessions.delete(token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      return { ok: true as const };
    },
  });
};
