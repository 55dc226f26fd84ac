import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AUTOMATION_SIGNING_SECRET_PATTERN } from '../../../shared/schemas/settings.js';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';

const KEY = 'automationSigningSecret';

/** A Standard Webhooks secret: 'whsec_' and 32 random bytes in base64. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The secret the automation webhooks are signed with, created the first time anyone needs it. Two
 * instances asking at once agree: the insert that loses the race keeps the winner's secret.
 */
export async function ensureSigningSecret(executor: Executor, now: Date): Promise<string> {
  const current = await readSecret(executor);
  if (current) return current;
  await executor
    .insert(settings)
    .values({ key: KEY, value: generateSigningSecret(), category: 'integrations', updatedAt: now })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: generateSigningSecret(), updatedAt: now },
      // Only a missing or unusable value is replaced; a valid secret written meanwhile stays.
      setWhere: sql`not (${settings.value}::text ~ '^"whsec_')`,
    });
  const created = await readSecret(executor);
  if (!created) throw new Error('the automation signing secret could not be stored');
  return created;
}

/** Replaces the secret (admin action): receivers must be given the new one. */
export async function rotateSigningSecret(executor: Executor, now: Date): Promise<string> {
  const secret = generateSigningSecret();
  await executor
    .insert(settings)
    .values({ key: KEY, value: secret, category: 'integrations', updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: secret, updatedAt: now } });
  return secret;
}

async function readSecret(executor: Executor): Promise<string | null> {
  const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = row?.value;
  return typeof value === 'string' && AUTOMATION_SIGNING_SECRET_PATTERN.test(value) ? value : null;
}
