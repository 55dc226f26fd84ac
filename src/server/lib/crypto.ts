import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

/** Cost parameters per purpose: passwords get the OWASP scrypt minimum, short-lived codes less. */
const COST = { password: { N: 2 ** 15, r: 8, p: 1 }, code: { N: 2 ** 14, r: 8, p: 1 } } as const;

async function hashSecret(secret: string, cost: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_LENGTH, { ...cost, maxmem: MAXMEM });
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(actual, expected);
}

export const hashPassword = (password: string) => hashSecret(password, COST.password);
export const verifyPassword = verifySecret;
export const hashCode = (code: string) => hashSecret(code, COST.code);
export const verifyCode = verifySecret;

/** Six digits from the CSPRNG, zero-padded. */
export function generateVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** An opaque bearer token (256 bits) for cookies. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to make a stolen table useless. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
