/**
 * The sign-in input rules as plain functions, with their words. The Zod schemas of
 * src/shared/schemas/auth.ts (the server's) are built from the same limits and messages; the sign-in
 * screen checks with these, so its first load carries no validation library (decision 168).
 * src/shared/auth-rules.test.ts holds both to the same answers.
 */
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from './constants.js';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const CODE_MESSAGE = `Verification code must be ${VERIFICATION_CODE_LENGTH} digits`;
export const PASSWORDS_MISMATCH_MESSAGE = 'Passwords do not match';

/** A staff member's second factor at sign-in: a code from the authenticator app, or a recovery code. */
export const TOTP_DIGITS = 6;
export const TOTP_CODE_MESSAGE = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, e.g. 4k7qm-x2c9p';

/** What <input type="email"> accepts (the HTML standard's rule), which admits admin@localhost. */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Trimmed and lower-cased: 'Ann@Example.com ' and 'ann@example.com' are one account. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailProblem(value: string): string | undefined {
  const email = normalizeEmail(value);
  return email.length > EMAIL_MAX_LENGTH || !HTML5_EMAIL.test(email) ? EMAIL_MESSAGE : undefined;
}

/** A password being chosen. */
export function newPasswordProblem(value: string): string | undefined {
  if (value.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGE;
  return value.length > PASSWORD_MAX_LENGTH ? PASSWORD_TOO_LONG_MESSAGE : undefined;
}

/** A password being checked at sign-in: any length up to the maximum. */
export function currentPasswordProblem(value: string): string | undefined {
  if (value.length === 0) return PASSWORD_REQUIRED_MESSAGE;
  return value.length > PASSWORD_MAX_LENGTH ? PASSWORD_TOO_LONG_MESSAGE : undefined;
}

export function codeProblem(value: string): string | undefined {
  return CODE_PATTERN.test(value.trim()) ? undefined : CODE_MESSAGE;
}
