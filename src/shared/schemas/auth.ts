/**
 * Shapes of the sign-in requests (customer spec §5 and §7), shared so the browser and the server reject
 * the same input with the same words.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants.js';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const CODE_MESSAGE = `Verification code must be ${VERIFICATION_CODE_LENGTH} digits`;
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match';

/** Trimmed and lower-cased, so 'Ann@Example.com ' and 'ann@example.com' are one account. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)
  // The HTML5 rule, as the browser's own e-mail input uses: it accepts hosts such as admin@localhost.
  .pipe(z.email({ pattern: z.regexes.html5Email, error: EMAIL_MESSAGE }));

/** A password being chosen: the customer minimum applies. */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A password being checked at sign-in: any length up to the maximum, since admins may create accounts
 * with shorter passwords (admin spec §9).
 */
export const currentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const codeSchema = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), CODE_MESSAGE);

export const verifyEmailRequestSchema = z.object({
  email: emailSchema,
  sendCode: z.boolean().optional(),
});

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  noSession: z.boolean().optional(),
});

export const verifyCodeRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  login: z.boolean().optional(),
  reset: z.boolean().optional(),
});

const newPasswordFields = {
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z.string({ error: PASSWORDS_MISMATCH_MESSAGE }).max(PASSWORD_MAX_LENGTH),
  code: codeSchema,
};

function passwordsMatch(value: { password: string; confirmPassword: string }): boolean {
  return value.password === value.confirmPassword;
}

const mismatch = { message: PASSWORDS_MISMATCH_MESSAGE, path: ['confirmPassword'] };

export const setPasswordRequestSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);

export const resetPasswordRequestSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);

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
  role: z.enum(['USER', 'ADMIN']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

export type VerifyEmailResponse = { userExists: boolean; needsPassword: boolean; codeSent?: boolean };
export type ForgotPasswordResponse = { email: string; status: 'ACTIVE' | 'PENDING' | 'NOT_FOUND' };
