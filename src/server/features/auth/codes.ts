import { and, count, desc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_TRIES, VERIFICATION_CODE_TTL_MINUTES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { generateVerificationCode, hashCode, verifyCode } from '../../lib/crypto.js';
import { badRequest, rateLimited } from '../../lib/errors.js';

/** Codes an address, or a client IP, may ask for within the window. */
export interface CodeSendLimits {
  perEmail: number;
  perIp: number;
}
export const CODE_SEND_WINDOW_MINUTES = 15;

export const INVALID_CODE = 'Invalid verification code';
export const EXPIRED_CODE =
  'This verification code has expired or was already used. Please request a new one.';

export function createCodeStore(db: Db, clock: Clock, limits: CodeSendLimits) {
  async function assertCanSend(email: string, ip: string) {
    const now = clock.now();
    const since = minutesFrom(now, -CODE_SEND_WINDOW_MINUTES);
    const checks = [
      { where: eq(verificationCodes.email, email), limit: limits.perEmail },
      { where: eq(verificationCodes.requestIp, ip), limit: limits.perIp },
    ];
    for (const check of checks) {
      const [row] = await db
        .select({ sent: count(), oldest: min(verificationCodes.createdAt) })
        .from(verificationCodes)
        .where(and(check.where, gt(verificationCodes.createdAt, since)));
      if (row && row.sent >= check.limit && row.oldest) {
        const freeAt = minutesFrom(row.oldest, CODE_SEND_WINDOW_MINUTES).getTime();
        const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
        throw rateLimited('Too many verification codes requested. Please try again later.', retryAfter);
      }
    }
  }

  return {
    /** Issues a fresh code for the address, voiding any earlier one, and returns the digits to mail. */
    async issue(email: string, ip: string): Promise<string> {
      await assertCanSend(email, ip);
      const code = generateVerificationCode();
      const hashed = await hashCode(code);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ used: true })
          .where(and(eq(verificationCodes.email, email), eq(verificationCodes.used, false)));
        await tx.insert(verificationCodes).values({
          email,
          code: hashed,
          expires: minutesFrom(now, VERIFICATION_CODE_TTL_MINUTES),
          requestIp: ip,
          createdAt: now,
        });
      });
      return code;
    },

    /**
     * Checks the code against the address's live code and returns its id. A wrong code counts a try
     * (outside any caller transaction, so a rollback cannot undo it) and the fifth wrong try burns it.
     */
    async check(email: string, code: string): Promise<number> {
      const [current] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.used, false),
            gt(verificationCodes.expires, clock.now()),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!current) throw badRequest(EXPIRED_CODE);
      if (await verifyCode(code, current.code)) return current.id;
      await db
        .update(verificationCodes)
        .set({
          failedAttempts: sql`${verificationCodes.failedAttempts} + 1`,
          used: sql`${verificationCodes.failedAttempts} + 1 >= ${VERIFICATION_CODE_MAX_TRIES}`,
        })
        .where(eq(verificationCodes.id, current.id));
      throw badRequest(INVALID_CODE);
    },

    /** Deletes codes older than a day: long expired, and outside every sending window. */
    async purgeOld(): Promise<number> {
      const gone = await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.createdAt, minutesFrom(clock.now(), -24 * 60)))
        .returning({ id: verificationCodes.id });
      return gone.length;
    },

    /** Uses a checked code up; of two concurrent claims only one wins. Pass the caller's transaction. */
    async claim(codeId: number, executor: Pick<Db, 'update'> = db): Promise<void> {
      const claimed = await executor
        .update(verificationCodes)
        .set({ used: true })
        .where(and(eq(verificationCodes.id, codeId), eq(verificationCodes.used, false)))
        .returning({ id: verificationCodes.id });
      if (claimed.length === 0) throw badRequest(EXPIRED_CODE);
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
