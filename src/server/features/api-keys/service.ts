import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken } from '../../lib/crypto.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { apiKeysErrors } from './errors.js';

/** A fixed prefix plus 24 random alphanumerics: about 143 bits from the CSPRNG, too many to guess. */
export const API_KEY_PREFIX = 'ofk_';
const RANDOM_LENGTH = 24;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Enough of the key to tell keys apart in a list, far too little to guess the rest. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + random;
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

export function createApiKeyService({ db, clock }: { db: Db; clock: Clock }) {
  const listed = {
    id: apiKeys.id,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
  };

  return {
    /** Active keys, newest first; revoked keys stay in the table for the webhook log's sake. */
    list() {
      return db.select(listed).from(apiKeys).where(isNull(apiKeys.revokedAt)).orderBy(desc(apiKeys.id));
    },

    /** Stores only the hash; the returned key is the one and only time anyone sees it. */
    async create(name: string, actor: AuditActor) {
      const key = generateApiKey();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({
            name,
            prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
            keyHash: hashToken(key),
            createdBy: actor.id,
            createdAt: clock.now(),
          })
          .returning(listed);
        if (!row) throw new Error('inserting the API key returned no row');
        // The name only: neither the key nor its hash belongs in a log.
        await recordAudit(tx, {
          actor,
          action: 'api_key.created',
          target: { type: 'api_key', id: row.id },
          changes: { name },
        });
        return { ...row, key };
      });
    },

    async revoke(id: number, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: clock.now() })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id, name: apiKeys.name });
        if (!row) throw apiKeysErrors.API_KEY_NOT_FOUND('API key not found');
        await recordAudit(tx, {
          actor,
          action: 'api_key.revoked',
          target: { type: 'api_key', id },
          changes: { name: row.name },
        });
      });
    },

    /**
     * The active key a bearer token names, recording its use; null for an unknown or revoked key. The
     * row is found by its hash through the unique index, then the hashes are compared again in
     * constant time, so no answer depends on how many leading characters of a guess were right.
     */
    async authenticate(token: string) {
      if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return null;
      const presented = Buffer.from(hashToken(token));
      const [row] = await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          keyHash: apiKeys.keyHash,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, presented.toString()))
        .limit(1);
      if (!row || row.revokedAt) return null;
      const stored = Buffer.from(row.keyHash);
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
      await db.update(apiKeys).set({ lastUsedAt: clock.now() }).where(eq(apiKeys.id, row.id));
      return { id: row.id, name: row.name };
    },
  };
}
