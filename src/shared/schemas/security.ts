/**
 * The account's security calls: the sessions list and the second factor (authenticator app, passkeys,
 * recovery codes). zod/mini, like every shape the browser loads (decision 14).
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE, TOTP_DIGITS } from '../auth-rules.js';
import { currentPasswordSchema, emailSchema } from './auth.js';

export { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE, TOTP_DIGITS };

/** One signed-in browser of the caller, as `GET /api/user/sessions` lists it. */
export const sessionSchema = z.object({
  id: z.number(),
  /** A readable summary of the browser's User-Agent, e.g. "Chrome 131 on Windows". */
  device: z.string(),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export const sessionListSchema = z.array(sessionSchema);
export type SessionInfo = z.infer<typeof sessionSchema>;

export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .check(z.trim(), z.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TOTP_CODE_MESSAGE));

/** Recovery codes are shown as `xxxxx-xxxxx`; the dash, spaces and case are forgiven when typed. */
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .check(z.trim(), z.minLength(10, RECOVERY_CODE_MESSAGE), z.maxLength(40, RECOVERY_CODE_MESSAGE));

export const PASSKEY_NAME_MAX = 60;

/** `GET /api/user/second-factor`: what the caller has enrolled. */
export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(
    z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.nullable(z.string()) }),
  ),
  recoveryCodesLeft: z.number(),
  /** Settings → Security requires a second factor of every staff account. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the app can import. */
  uri: z.string(),
  /** The URI as a QR code to scan: a PNG `data:` URL. */
  qrCode: z.string(),
});

/** Confirming the app enrols it: the password proves the owner is at the keyboard (decision 210). */
export const totpConfirmSchema = z.object({ code: totpCodeSchema, password: currentPasswordSchema });

/** Answers of the enrolments: recovery codes only on the first factor (shown once). */
export const enrolledSchema = z.object({ recoveryCodes: z.optional(z.array(z.string())) });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Removing a factor or replacing the recovery codes asks for the password again. */
export const reauthSchema = z.object({ password: currentPasswordSchema });

/**
 * `POST /api/user/second-factor/passkeys/options`: WebAuthn's PublicKeyCredentialCreationOptionsJSON,
 * for the browser's navigator.credentials.create. The server's WebAuthn library makes it and the
 * browser's reads it; the schema documents and checks only the challenge and lets the rest through
 * unchanged. Its type is the whole shape both libraries share, which the loose shape cannot spell, hence
 * the one assertion here rather than one at each call.
 */
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
}) as unknown as z.ZodMiniType<
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialCreationOptionsJSON
>;

/** A passkey's optional name, as typed beside "Add a passkey"; the registration sends it along. */
export const passkeyNameSchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(PASSKEY_NAME_MAX))),
});

export const passkeyRegisterSchema = z.object({
  name: passkeyNameSchema.shape.name,
  /** The browser's RegistrationResponseJSON, checked by the server's WebAuthn library. */
  response: z.record(z.string(), z.unknown()),
  /** Enrolling asks for the password again, like removing (decision 210). */
  password: currentPasswordSchema,
});

/** The second step of a staff sign-in after the password: one of the enrolled factors. */
export const secondFactorSignInSchema = z.discriminatedUnion('method', [
  z.object({ email: emailSchema, method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ email: emailSchema, method: z.literal('recovery'), code: recoveryCodeSchema }),
  z.object({
    email: emailSchema,
    method: z.literal('passkey'),
    response: z.record(z.string(), z.unknown()),
  }),
]);
export type SecondFactorSignIn = z.infer<typeof secondFactorSignInSchema>;

export const passkeyOptionsRequestSchema = z.object({ email: emailSchema });
