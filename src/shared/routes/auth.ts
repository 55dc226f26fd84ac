/**
 * The sign-in routes (`/api/auth/*`), the signed-in user (`GET /api/user`), the caller's sessions and an
 * administrator ending every session of a user. Rate limits and error answers: src/server/features/auth/.
 */
import {
  endedSessionsSchema,
  forgotPasswordAnswerSchema,
  forgotPasswordRequestSchema,
  loginAnswerSchema,
  loginRequestSchema,
  okSchema,
  passkeySignInOptionsSchema,
  resetPasswordRequestSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  setPasswordRequestSchema,
  userAnswerSchema,
  verifyCodeAnswerSchema,
  verifyCodeRequestSchema,
  verifyEmailAnswerSchema,
  verifyEmailRequestSchema,
} from '../schemas/auth.js';
import { idParams, messageSchema } from '../schemas/common.js';
import {
  passkeyOptionsRequestSchema,
  secondFactorSignInSchema,
  sessionListSchema,
} from '../schemas/security.js';
import { defineRoute } from './define-route.js';

export const authRoutes = {
  /** The signed-in user; 401 for a visitor. */
  user: defineRoute({ method: 'GET', path: '/api/auth/user', responses: { 200: sessionUserSchema } }),
  /** The same answer under the account's own prefix. */
  currentUser: defineRoute({ method: 'GET', path: '/api/user', responses: { 200: sessionUserSchema } }),
  /** The signed-in user or null: for a page that only wants to know. */
  session: defineRoute({ method: 'GET', path: '/api/auth/session', responses: { 200: sessionAnswerSchema } }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verifyEmailRequestSchema,
    responses: { 200: verifyEmailAnswerSchema },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    body: loginRequestSchema,
    responses: { 200: loginAnswerSchema },
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/second-factor/passkey-options',
    body: passkeyOptionsRequestSchema,
    responses: { 200: passkeySignInOptionsSchema },
  }),
  secondFactor: defineRoute({
    method: 'POST',
    path: '/api/auth/second-factor',
    body: secondFactorSignInSchema,
    responses: { 200: userAnswerSchema },
  }),
  verifyCode: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-code',
    body: verifyCodeRequestSchema,
    responses: { 200: verifyCodeAnswerSchema },
  }),
  setPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/set-password',
    body: setPasswordRequestSchema,
    responses: { 200: userAnswerSchema },
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordRequestSchema,
    responses: { 200: forgotPasswordAnswerSchema },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordRequestSchema,
    responses: { 200: messageSchema },
  }),
  logout: defineRoute({ method: 'POST', path: '/api/auth/logout', responses: { 200: okSchema } }),
  sessions: defineRoute({ method: 'GET', path: '/api/user/sessions', responses: { 200: sessionListSchema } }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  endUserSessions: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions',
    params: idParams,
    responses: { 200: endedSessionsSchema },
  }),
};
