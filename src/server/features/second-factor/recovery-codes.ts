/**
 * Recovery codes: ten one-time codes shown once when the first second factor is set up. Each has about 50
 * random bits (ten characters of a 31-letter alphabet without look-alikes), so, like session tokens, a
 * fast hash is enough to make a stolen table useless (decision 152).
 */
import { randomInt } from 'node:crypto';
import { hashToken } from '../../lib/crypto.js';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

function randomCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
}

/** The hash of a code as typed: case, spaces and dashes do not matter. */
export function hashRecoveryCode(typed: string): string {
  return hashToken(typed.toLowerCase().replace(/[\s-]/g, ''));
}
