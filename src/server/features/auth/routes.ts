import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGIN_CHALLENGE_TTL_MINUTES } from '../../../shared/constants.js';
import { withPermissions } from '../../../shared/permissions.js';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  verifyCodeRequestSchema,
  verifyEmailRequestSchema,
} from '../../../shared/schemas/auth.js';
import { passkeyOptionsRequestSchema, secondFactorSignInSchema } from '../../../shared/schemas/security.js';
import type { Config } from '../../config.js';
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

const userAnswer = z.object({ user: sessionUserSchema });
const ok = z.object({ ok: z.literal(true) });

export interface AuthRouteOptions {
  auth: AuthService;
  config: Config;
  /** Requests a client IP may make to the credential and code endpoints per minute. */
  perMinuteLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
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
    schema: { response: { 200: sessionUserSchema, 401: errorBody } },
    handler: async (request: Parameters<typeof requireUser>[0]) => withPermissions(requireUser(request)),
  };
  app.get('/api/auth/user', currentUser);
  app.get('/api/user', currentUser);
  // The same question for a page that only wants to know: a visitor is an answer, not an error, so
  // the browser logs no failed request on the sign-in page.
  app.get(
    '/api/auth/session',
    { schema: { response: { 200: z.object({ user: z.nullable(sessionUserSchema) }) } } },
    async (request) => ({ user: request.user && withPermissions(request.user) }),
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: limited,
      schema: {
        body: verifyEmailRequestSchema,
        response: {
          200: z.object({
            userExists: z.boolean(),
            needsPassword: z.boolean(),
            codeSent: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => {
      const sendCode = request.body.sendCode === true;
      const challenge = request.cookies[LOGIN_CHALLENGE_COOKIE];
      const status = await auth.lookup(request.body.email, { sendCode, challenge }, meta(request));
      return sendCode ? { ...status, codeSent: true } : status;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: limited,
      schema: {
        body: loginRequestSchema,
        response: {
          // `secondFactor` names what the next step takes instead of a mailed code (staff with one).
          200: ok.extend({ secondFactor: z.object({ totp: z.boolean(), passkey: z.boolean() }).optional() }),
          401: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/api/auth/second-factor/passkey-options',
    {
      config: limited,
      schema: {
        body: passkeyOptionsRequestSchema,
        // WebAuthn's PublicKeyCredentialRequestOptionsJSON, for the browser's navigator.credentials.get.
        response: { 200: z.looseObject({ challenge: z.string() }), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      ...(await auth.passkeySignInOptions(request.body.email, request.cookies[LOGIN_CHALLENGE_COOKIE])),
    }),
  );

  app.post(
    '/api/auth/second-factor',
    {
      config: limited,
      schema: {
        body: secondFactorSignInSchema,
        response: { 200: userAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.completeSecondFactor(
        request.body,
        request.cookies[LOGIN_CHALLENGE_COOKIE],
        meta(request),
      );
      reply.clearCookie(LOGIN_CHALLENGE_COOKIE, cookieOptions(config));
      setSessionCookie(reply, config, session.token);
      return { user };
    },
  );

  app.post(
    '/api/auth/verify-code',
    {
      config: limited,
      schema: {
        body: verifyCodeRequestSchema,
        response: { 200: z.union([userAnswer, z.object({ valid: z.literal(true) })]) },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/api/auth/set-password',
    { config: limited, schema: { body: setPasswordRequestSchema, response: { 200: userAnswer } } },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const { user, session } = await auth.setPassword(email, password, code, meta(request));
      setSessionCookie(reply, config, session.token);
      return { user };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: limited,
      schema: {
        body: forgotPasswordRequestSchema,
        response: {
          200: z.object({ email: z.string(), status: z.enum(['ACTIVE', 'PENDING', 'NOT_FOUND']) }),
        },
      },
    },
    async (request) => {
      const status = await auth.forgotPassword(request.body.email, meta(request));
      return { email: request.body.email, status };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: limited,
      schema: { body: resetPasswordRequestSchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      await auth.resetPassword(email, password, code, meta(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      return { message: 'Password reset successful' };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: ok } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.sessions.delete(token);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
    return { ok: true as const };
  });
};
