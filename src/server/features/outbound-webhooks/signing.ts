import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AUTOMATION_SIGNING_SECRET_PATTERN } from '../../../shared/schemas/settings.js';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';

/**
 * The settings keys of the secrets outbound deliveries are signed with, and their categories: the
 * automation webhooks' and the financing providers' (decision 271). A row of the queue names its key.
 */
const SIGNING_KEYS = { automationSigningSecret: 'integrations', signingSecret: 'financing' } as const;
export type SigningKey = keyof typeof SIGNING_KEYS;

export function isSigningKey(value: string): value is SigningKey {
  return Object.hasOwn(SIGNING_KEYS, value);
}

/** A Standard Webhooks secret: 'whsec_' and 32 random bytes in base64. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The secret the automation webhooks are signed with, created the first time anyone needs it. Two
 * instances asking at once agree: the insert that loses the race keeps the winner's secret.
 */
export async function ensureSigningSecret(
  executor: Executor,
  now: Date,
  key: SigningKey = 'automationSigningSecret',
): Promise<string> {
  const current = await readSecret(executor, key);
  if (current) return current;
  await executor
    .insert(settings)
    .values({ key, value: generateSigningSecret(), category: SIGNING_KEYS[key], updatedAt: now })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: generateSigningSecret(), updatedAt: now },
      // Only a missing or unusable value is replaced; a valid secret written meanwhile stays.
      setWhere: sql`not (${settings.value}::text ~ '^"whsec_')`,
    });
  const created = await readSecret(executor, key);
  if (!created) throw new Error(`the signing secret ${key} could not be stored`);
  return created;
}

/** Replaces the secret (admin action): receivers must be given the new one. */
export async function rotateSigningSecret(
  executor: Executor,
  now: Date,
  key: SigningKey = 'automationSigningSecret',
): Promise<string> {
  const secret = generateSigningSecret();
  await executor
    .insert(settings)
    .values({ key, value: secret, category: SIGNING_KEYS[key], updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: secret, updatedAt: now } });
  return secret;
}

async function readSecret(executor: Executor, key: SigningKey): Promise<string | null> {
  const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const value = row?.value;
  return typeof value === 'string' && AUTOMATION_SIGNING_SECRET_PATTERN.test(value) ? value : null;
}
