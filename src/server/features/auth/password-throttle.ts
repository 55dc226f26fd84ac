import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { signInThrottles } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { defineErrors } from '../../lib/errors.js';

/** Wrong passwords an account may see in a day before each further try waits (decision 209). */
export const FREE_WRONG_PASSWORDS = 5;
/** The wait after the first wrong password past the free ones; it doubles with each further one. */
export const FIRST_PASSWORD_WAIT_SECONDS = 2;
/** The longest wait between two tries: the account slows down, it never locks. */
export const MAX_PASSWORD_WAIT_SECONDS = 15 * 60;
export const PASSWORD_WINDOW_MINUTES = 24 * 60;
/**
 * How long a try holds the account's turn while its password is checked; the try's end releases it
 * sooner. A try that never ends (the process died) frees the account after this.
 */
const TRY_LEASE_SECONDS = 5;

export const SIGN_IN_SLOWED =
  'Too many wrong passwords were entered for this account. Please wait a moment before trying again.';

export const passwordThrottleErrors = defineErrors({ SIGN_IN_SLOWED: 'RATE_LIMITED' });

/** The wait after the `failures`-th wrong password of the window, in seconds (0: none). */
export function passwordWaitSeconds(failures: number): number {
  if (failures < FREE_WRONG_PASSWORDS) return 0;
  return Math.min(
    FIRST_PASSWORD_WAIT_SECONDS * 2 ** (failures - FREE_WRONG_PASSWORDS),
    MAX_PASSWORD_WAIT_SECONDS,
  );
}

const keyOf = (email: string) => `password:${email.toLowerCase()}`;

/**
 * Wrong passwords per account, in the database so that every instance counts the same tries. One try
 * per account at a time: a try takes the account's turn in one statement (refused while the growing
 * wait runs or another try holds it), so a burst of parallel guesses cannot slip past the count.
 */
export function createPasswordThrottle(db: Db, clock: Clock) {
  const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

  return {
    /** Takes the account's turn for one password try, or refuses (429 SIGN_IN_SLOWED, Retry-After). */
    async beginTry(email: string): Promise<void> {
      const now = clock.now();
      const lease = new Date(now.getTime() + TRY_LEASE_SECONDS * 1000);
      const [turn] = await db
        .insert(signInThrottles)
        .values({ key: keyOf(email), failures: 0, windowStartedAt: now, nextTryAt: lease })
        .onConflictDoUpdate({
          target: signInThrottles.key,
          set: { nextTryAt: lease },
          setWhere: sql`${signInThrottles.nextTryAt} is null or ${signInThrottles.nextTryAt} <= ${now}`,
        })
        .returning({ key: signInThrottles.key });
      if (turn) return;
      const [waiting] = await db
        .select({ nextTryAt: signInThrottles.nextTryAt })
        .from(signInThrottles)
        .where(eq(signInThrottles.key, keyOf(email)));
      const wait = waiting?.nextTryAt ? secondsUntil(waiting.nextTryAt, now) : 1;
      throw passwordThrottleErrors.SIGN_IN_SLOWED(SIGN_IN_SLOWED, { retryAfterSeconds: wait });
    },

    /** The right password: the account's count starts again. */
    async succeeded(email: string): Promise<void> {
      await db.delete(signInThrottles).where(eq(signInThrottles.key, keyOf(email)));
    },

    /**
     * Counts a wrong password (a day's window) and sets the wait before the next try; pass the
     * transaction that records the failure elsewhere (the audit log) so both commit together.
     * Returns the failures of the window and the wait that now runs.
     */
    async failed(email: string, executor: Executor = db): Promise<{ failures: number; waitSeconds: number }> {
      const now = clock.now();
      const windowStart = minutesFrom(now, -PASSWORD_WINDOW_MINUTES);
      const [row] = await executor
        .update(signInThrottles)
        .set({
          failures: sql`case when ${signInThrottles.windowStartedAt} <= ${windowStart} then 1 else ${signInThrottles.failures} + 1 end`,
          windowStartedAt: sql`case when ${signInThrottles.windowStartedAt} <= ${windowStart} then ${now} else ${signInThrottles.windowStartedAt} end`,
        })
        .where(eq(signInThrottles.key, keyOf(email)))
        .returning({ failures: signInThrottles.failures });
      const failures = row?.failures ?? 1;
      const waitSeconds = passwordWaitSeconds(failures);
      await executor
        .update(signInThrottles)
        .set({ nextTryAt: waitSeconds > 0 ? new Date(now.getTime() + waitSeconds * 1000) : null })
        .where(eq(signInThrottles.key, keyOf(email)));
      return { failures, waitSeconds };
    },

    /** Deletes counts whose window ended with no wait still running. */
    async purgeOld(): Promise<number> {
      const now = clock.now();
      const gone = await db
        .delete(signInThrottles)
        .where(
          and(
            lt(signInThrottles.windowStartedAt, minutesFrom(now, -PASSWORD_WINDOW_MINUTES)),
            sql`(${signInThrottles.nextTryAt} is null or ${signInThrottles.nextTryAt} < ${now})`,
          ),
        )
        .returning({ key: signInThrottles.key });
      return gone.length;
    },
  };
}

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
