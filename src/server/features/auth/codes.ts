import { and, count, desc, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_TRIES, VERIFICATION_CODE_TTL_MINUTES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { signInLocks, verificationCodes } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { generateVerificationCode, hashCode, verifyCode } from '../../lib/crypto.js';
import { authErrors } from './errors.js';

/**
 * Codes an address gets within the window before each further one waits (the wait doubles, never
 * more than the window), and codes a client IP may ask for without a password in the window.
 */
export interface CodeSendLimits {
  perEmail: number;
  perIp: number;
}
export const CODE_SEND_WINDOW_MINUTES = 15;
/** The wait before the first code past the free ones; it doubles with each further code. */
export const CODE_FIRST_WAIT_SECONDS = 30;

/** Wrong codes an address may see in a day, across all its codes, before its codes stop working. */
export const WRONG_CODES_PER_DAY = 10;
/** How long codes stop working once the budget is spent. */
export const CODES_PAUSED_MINUTES = 60;
const DAY_MINUTES = 24 * 60;

export const INVALID_CODE = 'Invalid verification code';
export const EXPIRED_CODE =
  'This verification code has expired or was already used. Please request a new one.';
export const CODES_PAUSED =
  'Too many wrong codes were entered for this account. For its protection, codes are paused for a while: please try again later.';
const TOO_MANY_CODES = 'Too many verification codes requested. Please try again later.';

export interface CodeStoreEvents {
  /** The wrong-code budget of `email` was just spent: its codes stop working until `until`. */
  onCodesPaused(email: string, until: Date): Promise<void>;
}

export function createCodeStore(db: Db, clock: Clock, limits: CodeSendLimits, events: CodeStoreEvents) {
  const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

  async function assertNotPaused(email: string) {
    const now = clock.now();
    const [lock] = await db
      .select({ until: signInLocks.lockedUntil })
      .from(signInLocks)
      .where(and(eq(signInLocks.email, email), gt(signInLocks.lockedUntil, now)));
    if (lock?.until)
      throw authErrors.CODES_PAUSED(CODES_PAUSED, { retryAfterSeconds: secondsUntil(lock.until, now) });
  }

  /**
   * Nobody else's requests can block a sign-in: a code asked for right after the password step is
   * limited only by that address's own such codes; other requests share the client IP's budget and
   * the address's, which slows down (a doubling wait) instead of locking the owner out.
   */
  async function assertCanSend(email: string, ip: string, afterPassword: boolean) {
    const now = clock.now();
    const since = minutesFrom(now, -CODE_SEND_WINDOW_MINUTES);
    const recent = and(
      gt(verificationCodes.createdAt, since),
      eq(verificationCodes.afterPassword, afterPassword),
    );
    if (!afterPassword) {
      const [fromIp] = await db
        .select({ sent: count(), oldest: min(verificationCodes.createdAt) })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.requestIp, ip), recent));
      if (fromIp && fromIp.sent >= limits.perIp && fromIp.oldest) {
        throw authErrors.TOO_MANY_CODES(TOO_MANY_CODES, {
          retryAfterSeconds: secondsUntil(minutesFrom(fromIp.oldest, CODE_SEND_WINDOW_MINUTES), now),
        });
      }
    }
    const [forEmail] = await db
      .select({ sent: count(), latest: max(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), recent));
    if (!forEmail?.latest || forEmail.sent < limits.perEmail) return;
    const waitSeconds = Math.min(
      CODE_FIRST_WAIT_SECONDS * 2 ** (forEmail.sent - limits.perEmail),
      CODE_SEND_WINDOW_MINUTES * 60,
    );
    const nextAt = new Date(forEmail.latest.getTime() + waitSeconds * 1000);
    if (nextAt > now)
      throw authErrors.TOO_MANY_CODES(TOO_MANY_CODES, { retryAfterSeconds: secondsUntil(nextAt, now) });
  }

  /** Counts a wrong code against the address's daily budget; spending it pauses its codes, once. */
  async function recordWrongCode(email: string) {
    const now = clock.now();
    const dayAgo = minutesFrom(now, -DAY_MINUTES);
    const [row] = await db
      .insert(signInLocks)
      .values({ email, wrongCodes: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signInLocks.email,
        set: {
          wrongCodes: sql`case when ${signInLocks.windowStartedAt} <= ${dayAgo} then 1 else ${signInLocks.wrongCodes} + 1 end`,
          windowStartedAt: sql`case when ${signInLocks.windowStartedAt} <= ${dayAgo} then ${now} else ${signInLocks.windowStartedAt} end`,
        },
      })
      .returning({ wrongCodes: signInLocks.wrongCodes });
    if (!row || row.wrongCodes < WRONG_CODES_PER_DAY) return;
    const until = minutesFrom(now, CODES_PAUSED_MINUTES);
    // One statement decides who pauses the codes and whether the owner hears of it (once a day).
    const [paused] = await db
      .update(signInLocks)
      .set({
        lockedUntil: until,
        notifiedAt: sql`case when ${signInLocks.notifiedAt} is null or ${signInLocks.notifiedAt} <= ${dayAgo} then ${now} else ${signInLocks.notifiedAt} end`,
      })
      .where(
        and(
          eq(signInLocks.email, email),
          sql`(${signInLocks.lockedUntil} is null or ${signInLocks.lockedUntil} <= ${now})`,
        ),
      )
      .returning({ notifiedAt: signInLocks.notifiedAt });
    if (paused?.notifiedAt?.getTime() === now.getTime()) await events.onCodesPaused(email, until);
  }

  return {
    /** Refuses (429) while the address's wrong-code budget is spent; second-factor guesses share it. */
    assertNotPaused,

    /** A wrong second-factor answer counts against the same daily budget as a wrong mailed code. */
    recordWrongGuess: recordWrongCode,

    /** Issues a fresh code for the address, voiding any earlier one, and returns the digits to mail. */
    async issue(email: string, ip: string, options: { afterPassword?: boolean } = {}): Promise<string> {
      const afterPassword = options.afterPassword ?? false;
      await assertNotPaused(email);
      await assertCanSend(email, ip, afterPassword);
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
          afterPassword,
          createdAt: now,
        });
      });
      return code;
    },

    /**
     * Checks the code against the address's live code and returns its id. The try is counted before
     * the comparison, in the same statement that refuses a sixth (so concurrent guesses cannot slip
     * past the limit), outside any caller transaction (a rollback cannot undo it); the fifth wrong try
     * burns the code, and every wrong one counts against the address's daily budget.
     */
    async check(email: string, code: string): Promise<number> {
      await assertNotPaused(email);
      const [current] = await db
        .select({ id: verificationCodes.id })
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
      if (!current) throw authErrors.CODE_EXPIRED(EXPIRED_CODE);
      const [tried] = await db
        .update(verificationCodes)
        .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, current.id),
            eq(verificationCodes.used, false),
            lt(verificationCodes.failedAttempts, VERIFICATION_CODE_MAX_TRIES),
          ),
        )
        .returning({ hash: verificationCodes.code, tries: verificationCodes.failedAttempts });
      if (!tried) throw authErrors.CODE_EXPIRED(EXPIRED_CODE);
      if (await verifyCode(code, tried.hash)) return current.id;
      if (tried.tries >= VERIFICATION_CODE_MAX_TRIES) {
        await db.update(verificationCodes).set({ used: true }).where(eq(verificationCodes.id, current.id));
      }
      await recordWrongCode(email);
      throw authErrors.CODE_INVALID(INVALID_CODE);
    },

    /** Deletes codes older than a day (long expired, outside every window) and finished pauses. */
    async purgeOld(): Promise<number> {
      const dayAgo = minutesFrom(clock.now(), -DAY_MINUTES);
      const gone = await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.createdAt, dayAgo))
        .returning({ id: verificationCodes.id });
      const locks = await db
        .delete(signInLocks)
        .where(
          and(
            lt(signInLocks.windowStartedAt, dayAgo),
            sql`(${signInLocks.lockedUntil} is null or ${signInLocks.lockedUntil} < ${clock.now()})`,
          ),
        )
        .returning({ email: signInLocks.email });
      return gone.length + locks.length;
    },

    /** Uses a checked code up; of two concurrent claims only one wins. Pass the caller's transaction. */
    async claim(codeId: number, executor: Pick<Db, 'update'> = db): Promise<void> {
      const claimed = await executor
        .update(verificationCodes)
        .set({ used: true })
        .where(and(eq(verificationCodes.id, codeId), eq(verificationCodes.used, false)))
        .returning({ id: verificationCodes.id });
      if (claimed.length === 0) throw authErrors.CODE_EXPIRED(EXPIRED_CODE);
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
