/**
 * Shapes of the sign-in requests, shared so the browser and the server reject the same input with the
 * same words. Written with zod/mini, whose functions tree-shake: the sign-in screen loads them first,
 * inside its 100 kB budget (bench/benchmarks/auth-bundle.ts). Any zod/v4 consumer (the Fastify
 * type provider, react-hook-form's resolver) accepts them.
 */
import * as z from 'zod/mini';
import {
  CODE_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from '../auth-rules.js';
import { MIN_PASSWORD_LENGTH, ROLES, VERIFICATION_CODE_LENGTH } from '../constants.js';
import { LOCALES } from '../locales.js';
import { PERMISSIONS } from '../permissions.js';

export {
  CODE_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
};

/**
 * Trimmed and lower-cased, so 'Ann@Example.com ' and 'ann@example.com' are one account. The HTML5 rule
 * (what <input type="email"> accepts) rather than Zod's default, which wants a dot in the domain and
 * so would refuse the default first admin, admin@localhost.
 */
export const emailSchema = z.pipe(
  z
    .string({ error: EMAIL_MESSAGE })
    .check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)),
  z.email({ pattern: z.regexes.html5Email, error: EMAIL_MESSAGE }),
);

/** A password being chosen: the customer minimum applies. */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGE),
    z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
  );

/**
 * A password being checked at sign-in: any length up to the maximum, since accounts made before the
 * minimum rose may still hold shorter passwords.
 */
export const currentPasswordSchema = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .check(
    z.minLength(1, PASSWORD_REQUIRED_MESSAGE),
    z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
  );

export const codeSchema = z
  .string({ error: CODE_MESSAGE })
  .check(z.trim(), z.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), CODE_MESSAGE));

const confirmPasswordSchema = z
  .string({ error: PASSWORDS_MISMATCH_MESSAGE })
  .check(z.maxLength(PASSWORD_MAX_LENGTH, PASSWORDS_MISMATCH_MESSAGE));

/** A refinement for any object with password and confirmPassword: the message sits on confirmPassword. */
export function passwordsMatch<T extends { password: string; confirmPassword: string }>() {
  return z.refine<T>((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
}

export const verifyEmailRequestSchema = z.object({
  email: emailSchema,
  sendCode: z.optional(z.boolean()),
});

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  noSession: z.optional(z.boolean()),
});

export const verifyCodeRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  login: z.optional(z.boolean()),
  reset: z.optional(z.boolean()),
});

const newPasswordRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    code: codeSchema,
  })
  .check(passwordsMatch());

export const setPasswordRequestSchema = newPasswordRequestSchema;
export const resetPasswordRequestSchema = newPasswordRequestSchema;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The signed-in user as GET /api/auth/user answers it. */
export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  /** What the user's role may do in the back office (none for a customer); see permissions.ts. */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Staff who must set up a second factor before anything else (Settings → Security requires one). */
  mustEnrolSecondFactor: z.optional(z.boolean()),
  /** The language the user chose for the portal and e-mails; null until they choose. */
  locale: z.nullable(z.enum(LOCALES)),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The answer of a sign-in step that ends signed in. */
export const userAnswerSchema = z.object({ user: sessionUserSchema });

/** GET /api/auth/session: the signed-in user, or null for a visitor (an answer, not an error). */
export const sessionAnswerSchema = z.object({ user: z.nullable(sessionUserSchema) });

export const okSchema = z.object({ ok: z.literal(true) });

/** What a staff account's second step takes instead of a mailed code. */
export const signInFactorsSchema = z.object({ totp: z.boolean(), passkey: z.boolean() });
export type SignInFactors = z.output<typeof signInFactorsSchema>;

/** POST /api/auth/login: `secondFactor` names what the next step takes instead of a mailed code (staff with one). */
export const loginAnswerSchema = z.object({
  ok: z.literal(true),
  secondFactor: z.optional(signInFactorsSchema),
});

export const verifyEmailAnswerSchema = z.object({
  userExists: z.boolean(),
  needsPassword: z.boolean(),
  codeSent: z.optional(z.boolean()),
});

/** POST /api/auth/verify-code: the session for a sign-in code, else only that a reset code is valid. */
export const verifyCodeAnswerSchema = z.union([userAnswerSchema, z.object({ valid: z.literal(true) })]);

export const forgotPasswordAnswerSchema = z.object({
  email: z.string(),
  status: z.enum(['ACTIVE', 'PENDING', 'NOT_FOUND']),
});

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON, for the browser's navigator.credentials.get. */
export const passkeySignInOptionsSchema = z.looseObject({ challenge: z.string() });

/** DELETE /api/admin/users/:id/sessions: how many sessions were ended. */
export const endedSessionsSchema = z.object({ message: z.string(), ended: z.number() });

export type VerifyEmailResponse = z.output<typeof verifyEmailAnswerSchema>;
export type ForgotPasswordResponse = z.output<typeof forgotPasswordAnswerSchema>;
