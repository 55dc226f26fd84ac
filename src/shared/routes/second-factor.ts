/**
 * The second factor routes: the signed-in staff member's own authenticator app, passkeys and recovery
 * codes (`/api/user/second-factor/*`), and an administrator's removal of someone's second factor.
 * The sign-in step with a second factor (`/api/auth/second-factor*`) belongs to the auth routes.
 */
import { idParams, messageSchema } from '../schemas/common.js';
import {
  enrolledSchema,
  passkeyCreationOptionsSchema,
  passkeyRegisterSchema,
  reauthSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from '../schemas/security.js';
import { defineRoute } from './define-route.js';

export const secondFactorRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/api/user/second-factor',
    responses: { 200: secondFactorStatusSchema },
  }),
  /** A fresh secret; enrolled only once confirmed with a code. */
  startTotp: defineRoute({
    method: 'POST',
    path: '/api/user/second-factor/totp',
    responses: { 200: totpSetupSchema },
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/api/user/second-factor/totp/confirm',
    body: totpConfirmSchema,
    responses: { 200: enrolledSchema },
  }),
  removeTotp: defineRoute({
    method: 'DELETE',
    path: '/api/user/second-factor/totp',
    body: reauthSchema,
    responses: { 200: messageSchema },
  }),
  /** The password first, so that a wrong one is known before the browser creates a passkey. */
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/user/second-factor/passkeys/options',
    body: reauthSchema,
    responses: { 200: passkeyCreationOptionsSchema },
  }),
  registerPasskey: defineRoute({
    method: 'POST',
    path: '/api/user/second-factor/passkeys',
    body: passkeyRegisterSchema,
    responses: { 200: enrolledSchema },
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/api/user/second-factor/passkeys/:id',
    params: idParams,
    body: reauthSchema,
    responses: { 200: messageSchema },
  }),
  newRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/user/second-factor/recovery-codes',
    body: reauthSchema,
    responses: { 200: recoveryCodesSchema },
  }),
  /** Admin Users → Edit: for a staff member who lost every factor (admin only). */
  removeAllForUser: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id/second-factor',
    params: idParams,
    responses: { 200: messageSchema },
  }),
};
