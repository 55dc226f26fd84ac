import { eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { SECRET_CHANGED } from '../../../shared/schemas/audit.js';
import {
  isMaskedSecret,
  maskSecret,
  SECRET_SETTING_KEYS,
  SETTINGS_SCHEMAS,
  type SettingEntry,
  type SettingsCategory,
} from '../../../shared/schemas/settings.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { assertPublicTarget, PRIVATE_TARGET_MESSAGE, PrivateTargetError } from '../../lib/outbound-target.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { settingsErrors } from './errors.js';
import { readSettingsIn } from './read-in.js';

/** Values only the server sets; a browser sending them is ignored rather than trusted. */
const SERVER_OWNED_KEYS: readonly string[] = ['webflowVerified', 'automationSigningSecret', 'signingSecret'];

export interface StripeKeys {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  publicKey: string | undefined;
  /** Where the secret key came from: settings win; the environment applies when settings hold none. */
  source: 'settings' | 'environment' | 'none';
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  /** The category's values, defaults filled in, secrets in clear: for the server's own use only. */
  function read<C extends SettingsCategory>(category: C, executor: Executor = db) {
    return readSettingsIn(executor, category);
  }

  /** GET /api/settings/:category: a list of {key, value}, secrets masked. */
  async function entries(category: SettingsCategory): Promise<SettingEntry[]> {
    const values = await read(category);
    return Object.entries(values).map(([key, value]) => ({
      key,
      value: SECRET_SETTING_KEYS.includes(key) && typeof value === 'string' ? maskSecret(value) : value,
    }));
  }

  /**
   * Saves the keys present in `input` (a partial object of the category) in one transaction. A masked
   * secret sent back means "unchanged"; server-owned keys are ignored. Bad values answer 400 naming
   * each field, and nothing is written. With an actor, what changed goes to the audit log in the same
   * transaction, secrets only as changed.
   */
  async function save(category: SettingsCategory, input: unknown, executor?: Executor, actor?: AuditActor) {
    const values = parseCategory(category, input);
    if (typeof values.zapierWebhookUrl === 'string' && values.zapierWebhookUrl !== '') {
      await assertAllowedTarget(values.zapierWebhookUrl, 'zapierWebhookUrl');
    }
    // A financing provider's address is called with the applicant's data: the same rule as the automation URL.
    if (Array.isArray(values.providers)) {
      for (const provider of values.providers as { url: string }[]) {
        await assertAllowedTarget(provider.url, 'providers');
      }
    }
    const write = async (tx: Executor) => {
      if (actor) {
        const before: Record<string, unknown> = await read(category, tx);
        const changes = changedValues(before, values);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, {
            actor,
            action: 'settings.updated',
            target: { type: 'settings', id: category },
            changes,
          });
        }
      }
      for (const [key, value] of Object.entries(values)) {
        await tx
          .insert(settings)
          .values({ key, value, category, updatedAt: clock.now() })
          .onConflictDoUpdate({ target: settings.key, set: { value, category, updatedAt: clock.now() } });
      }
    };
    if (executor) await write(executor);
    else await db.transaction(write);
  }

  /** The automation URL may not point at this server or a private network (checked again at send). */
  async function assertAllowedTarget(url: string, field: string) {
    if (config.allowPrivateWebhookTargets) return;
    try {
      await assertPublicTarget(url);
    } catch (err) {
      if (!(err instanceof PrivateTargetError)) throw err;
      throw settingsErrors.PRIVATE_WEBHOOK_TARGET(PRIVATE_TARGET_MESSAGE, {
        fields: { [field]: PRIVATE_TARGET_MESSAGE },
      });
    }
  }

  /** Sets one value the server owns (e.g. webflowVerified), bypassing the browser-facing rules. */
  async function setServerValue(
    category: SettingsCategory,
    key: string,
    value: unknown,
    executor: Executor = db,
  ) {
    await executor
      .insert(settings)
      .values({ key, value, category, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  }

  async function stripeKeys(): Promise<StripeKeys> {
    const stored = await read('integrations');
    // A key or signing secret saved in Settings applies only while Stripe is switched on there; until
    // then the ones the server was started with keep taking payments and checking their deliveries.
    const webhookSecret = (stored.stripeEnabled && stored.stripeWebhookSecret) || config.stripeWebhookSecret;
    if (stored.stripeSecretKey && stored.stripeEnabled) {
      return {
        secretKey: stored.stripeSecretKey,
        webhookSecret,
        publicKey: stored.stripePublicKey || undefined,
        source: 'settings',
      };
    }
    if (config.stripeSecretKey) {
      return {
        secretKey: config.stripeSecretKey,
        webhookSecret,
        publicKey: stored.stripePublicKey || undefined,
        source: 'environment',
      };
    }
    return { secretKey: undefined, webhookSecret: undefined, publicKey: undefined, source: 'none' };
  }

  /** The last time any value of the category changed (cheap cache key for public config). */
  async function lastUpdated(category: SettingsCategory): Promise<Date | null> {
    const [row] = await db
      .select({ at: sql<Date | null>`max(${settings.updatedAt})` })
      .from(settings)
      .where(eq(settings.category, category));
    return row?.at ?? null;
  }

  return { read, entries, save, setServerValue, stripeKeys, lastUpdated };
}

/** The keys whose value differs, as {from, to}; a secret only as changed, never its value. */
function changedValues(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    changes[key] = SECRET_SETTING_KEYS.includes(key) ? SECRET_CHANGED : { from: before[key], to: value };
  }
  return changes;
}

function parseCategory(category: SettingsCategory, input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw settingsErrors.SETTINGS_NOT_AN_OBJECT('Send the settings as a JSON object');
  }
  const schema = SETTINGS_SCHEMAS[category];
  const shape = schema.def.shape as Record<string, z.ZodMiniType>;
  const unknownKeys = Object.keys(input).filter((key) => !(key in shape));
  if (unknownKeys.length > 0) {
    throw settingsErrors.UNKNOWN_SETTING(`Unknown ${category} setting: ${unknownKeys.join(', ')}`, {
      fields: Object.fromEntries(unknownKeys.map((key) => [key, 'Unknown setting'])),
    });
  }
  const kept = Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) =>
        !SERVER_OWNED_KEYS.includes(key) && !(SECRET_SETTING_KEYS.includes(key) && isMaskedSecret(value)),
    ),
  );
  const parsed = z.safeParse(z.partial(schema), kept);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? category);
      fields[key] ??= issue.message;
    }
    throw settingsErrors.INVALID_SETTINGS(`Invalid ${category} settings`, { fields: fields });
  }
  return parsed.data as Record<string, unknown>;
}
