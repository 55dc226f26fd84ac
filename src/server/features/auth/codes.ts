import { and, count, desc, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_TRIES, VERIFICATION_CODE_TTL_MINUTES } from '../../../shared/constants.js';
import type { Db, Executor } from '../../db/client.js';
import { signInLocks, signInThrottles, verificationCodes } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { generateVerificationCode, hashCode, verifyCode } from '../../lib/crypto.js';
import { defineErrors } from '../../lib/errors.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
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

/**
 * Wrong codes an address may see in a day, across all its codes, before its codes stop working. Only
 * wrong codes from a browser that passed the address's password step count (decision 209).
 */
export const WRONG_CODES_PER_DAY = 10;
/**
 * Wrong codes a requester (client IP) may enter in an hour outside a password step (reset, new
 * account) before its further tries wait for the hour's end; never counted against the address.
 */
export const WRONG_CODES_PER_REQUESTER = 20;
export const REQUESTER_WINDOW_MINUTES = 60;
/** How long codes stop working once the budget is spent. */
export const CODES_PAUSED_MINUTES = 60;
const DAY_MINUTES = 24 * 60;

export const INVALID_CODE = 'Invalid verification code';
export const EXPIRED_CODE =
  'This verification code has expired or was already used. Please request a new one.';
export const CODES_PAUSED =
  'Too many wrong codes were entered for this account. For its protection, codes are paused for a while: please try again later.';
const TOO_MANY_CODES = 'Too many verification codes requested. Please try again later.';
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes were entered from here. Please try again later.';

export const codeErrors = defineErrors({
  CODES_PAUSED: 'RATE_LIMITED',
  CODE_GUESSES_LIMITED: 'RATE_LIMITED',
});

/**
 * Who enters a code: a browser that holds the address's password-step challenge (its wrong codes
 * spend the address's daily budget; `staff` is set for a staff account, whose failures are audited),
 * or anyone else, known only by their IP (limited per requester, never pausing the address).
 */
export type CodeRequester =
  | { passwordStep: true; ip: string; staff?: AuditActor }
  | { passwordStep: false; ip: string };

export interface CodeStoreEvents {
  /** The wrong-code budget of `email` was just spent: its codes stop working until `until`. */
  onCodesPaused(email: string, until: Date): Promise<void>;
}

const requesterKey = (ip: string) => `code-guesses:${ip}`;

export function createCodeStore(db: Db, clock: Clock, limits: CodeSendLimits, events: CodeStoreEvents) {
  const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

  async function assertNotPaused(email: string) {
    const now = clock.now();
    const [lock] = await db
      .select({ until: signInLocks.lockedUntil })
      .from(signInLocks)
      .where(and(eq(signInLocks.email, email), gt(signInLocks.lockedUntil, now)));
    if (lock?.until) {
      throw codeErrors.CODES_PAUSED(CODES_PAUSED, { retryAfterSeconds: secondsUntil(lock.until, now) });
    }
  }

  async function assertRequesterMayGuess(ip: string) {
    const now = clock.now();
    const [row] = await db
      .select({ nextTryAt: signInThrottles.nextTryAt })
      .from(signInThrottles)
      .where(and(eq(signInThrottles.key, requesterKey(ip)), gt(signInThrottles.nextTryAt, now)));
    if (row?.nextTryAt) {
      throw codeErrors.CODE_GUESSES_LIMITED(TOO_MANY_WRONG_CODES, {
        retryAfterSeconds: secondsUntil(row.nextTryAt, now),
      });
    }
  }

  /** A wrong code outside a password step: the requester's hourly budget, not the address's. */
  async function recordRequesterWrongCode(ip: string) {
    const now = clock.now();
    const hourAgo = minutesFrom(now, -REQUESTER_WINDOW_MINUTES);
    const fresh = sql`${signInThrottles.windowStartedAt} <= ${hourAgo}`;
    await db
      .insert(signInThrottles)
      .values({ key: requesterKey(ip), failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signInThrottles.key,
        set: {
          failures: sql`case when ${fresh} then 1 else ${signInThrottles.failures} + 1 end`,
          windowStartedAt: sql`case when ${fresh} then ${now} else ${signInThrottles.windowStartedAt} end`,
          nextTryAt: sql`case when not ${fresh} and ${signInThrottles.failures} + 1 >= ${WRONG_CODES_PER_REQUESTER} then ${signInThrottles.windowStartedAt} + make_interval(mins => ${REQUESTER_WINDOW_MINUTES}) else null end`,
        },
      });
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

  /**
   * Counts a wrong code of a password step against the address's daily budget; spending it pauses its
   * codes, once. A staff account's failure (and its pause) goes to the audit log with the count.
   */
  async function recordWrongCode(email: string, staff?: AuditActor, step: 'code' | 'second_factor' = 'code') {
    const paused = await db.transaction((tx) => countWrongCode(tx, email, staff, step));
    if (paused) await events.onCodesPaused(email, paused);
  }

  async function countWrongCode(
    tx: Executor,
    email: string,
    staff: AuditActor | undefined,
    step: 'code' | 'second_factor',
  ) {
    const now = clock.now();
    const dayAgo = minutesFrom(now, -DAY_MINUTES);
    const [row] = await tx
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
    if (staff) {
      await recordAudit(tx, {
        actor: staff,
        action: 'staff.sign_in_failed',
        target: { type: 'user', id: staff.id },
        changes: { step, wrongCodesToday: row?.wrongCodes ?? 1 },
      });
    }
    if (!row || row.wrongCodes < WRONG_CODES_PER_DAY) return undefined;
    const until = minutesFrom(now, CODES_PAUSED_MINUTES);
    // One statement decides who pauses the codes and whether the owner hears of it (once a day).
    const [paused] = await tx
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
    if (paused && staff) {
      await recordAudit(tx, {
        actor: staff,
        action: 'staff.sign_in_paused',
        target: { type: 'user', id: staff.id },
        changes: { until: until.toISOString() },
      });
    }
    return paused?.notifiedAt?.getTime() === now.getTime() ? until : undefined;
  }

  return {
    /** Refuses (429) while the address's wrong-code budget is spent; authenticator-app guesses share it. */
    assertNotPaused,

    /** A wrong second-factor answer (after the password step) counts like a wrong mailed code. */
    recordWrongGuess: (email: string, staff?: AuditActor) => recordWrongCode(email, staff, 'second_factor'),

    /**
     * Issues a fresh code for the address, voiding the earlier one of the same kind, and returns the
     * digits to mail. The two kinds never meet: a code asked for after the password step is checked
     * only by that browser's code step, so nobody else's requests or guesses can void or burn it.
     */
    async issue(email: string, ip: string, options: { afterPassword?: boolean } = {}): Promise<string> {
      const afterPassword = options.afterPassword ?? false;
      if (afterPassword) await assertNotPaused(email);
      await assertCanSend(email, ip, afterPassword);
      const code = generateVerificationCode();
      const hashed = await hashCode(code);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ used: true })
          .where(
            and(
              eq(verificationCodes.email, email),
              eq(verificationCodes.used, false),
              eq(verificationCodes.afterPassword, afterPassword),
            ),
          );
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
     * burns the code. A wrong code from the password step's browser counts against the address's
     * daily budget; anyone else's counts against their own (see CodeRequester).
     */
    async check(email: string, code: string, requester: CodeRequester): Promise<number> {
      if (requester.passwordStep) await assertNotPaused(email);
      else await assertRequesterMayGuess(requester.ip);
      const [current] = await db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.used, false),
            eq(verificationCodes.afterPassword, requester.passwordStep),
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
      if (requester.passwordStep) await recordWrongCode(email, requester.staff);
      else await recordRequesterWrongCode(requester.ip);
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
