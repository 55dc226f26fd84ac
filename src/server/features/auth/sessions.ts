import { and, eq, gt, lte } from 'drizzle-orm';
import { LOGIN_CHALLENGE_TTL_MINUTES } from '../../../shared/constants.js';
import { isStaffRole } from '../../../shared/permissions.js';
import type { Db, Executor } from '../../db/client.js';
import { loginChallenges, sessions, type User, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { generateToken, hashToken } from '../../lib/crypto.js';
import { publishAccountChanged } from '../../live/publish.js';
import { recordAudit } from '../audit/index.js';

export type SessionUser = Pick<User, 'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'phoneNumber'>;

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
};

export function createSessionStore(db: Db, clock: Clock, ttlHours: number) {
  return {
    /**
     * A new random token at every sign-in; only its hash is stored. Every way of signing in ends here,
     * so this is where a staff member's sign-in goes to the audit log, in the caller's transaction.
     */
    async create(userId: number, meta: { ip?: string; userAgent?: string }, executor: Executor = db) {
      const [user] = await executor
        .select({ email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      if (user && isStaffRole(user.role)) {
        await recordAudit(executor, {
          actor: { id: userId, email: user.email, ip: meta.ip },
          action: 'staff.signed_in',
          target: { type: 'user', id: userId },
          changes: meta.userAgent ? { userAgent: meta.userAgent.slice(0, 512) } : undefined,
        });
      }
      const token = generateToken();
      const expiresAt = minutesFrom(clock.now(), ttlHours * 60);
      await executor.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt,
        createdAt: clock.now(),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512),
      });
      return { token };
    },

    async findUser(
      token: string,
    ): Promise<(SessionUser & { sessionId: number; expiresAt: Date }) | undefined> {
      const [row] = await db
        .select({ ...sessionUserColumns, sessionId: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, clock.now())))
        .limit(1);
      return row;
    },

    /** Sign-out; the live connections of this session close too. */
    async delete(token: string) {
      const [gone] = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ userId: sessions.userId });
      if (gone) await publishAccountChanged(db, gone.userId);
    },

    async deleteAllForUser(userId: number, executor: Executor = db) {
      await executor.delete(sessions).where(eq(sessions.userId, userId));
      await publishAccountChanged(executor, userId);
    },

    /** Proof that this browser passed the password check; the code step of a login requires it. */
    async createChallenge(userId: number) {
      const token = generateToken();
      await db.insert(loginChallenges).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: minutesFrom(clock.now(), LOGIN_CHALLENGE_TTL_MINUTES),
        createdAt: clock.now(),
      });
      return token;
    },

    async hasChallenge(token: string | undefined, userId: number): Promise<boolean> {
      if (!token) return false;
      const [row] = await db
        .select({ id: loginChallenges.id })
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.tokenHash, hashToken(token)),
            eq(loginChallenges.userId, userId),
            gt(loginChallenges.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Removes expired sessions and login challenges; returns how many rows went. */
    async purgeExpired(): Promise<number> {
      const now = clock.now();
      const gone = await Promise.all([
        db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id }),
        db
          .delete(loginChallenges)
          .where(lte(loginChallenges.expiresAt, now))
          .returning({ id: loginChallenges.id }),
      ]);
      return gone.flat().length;
    },

    async deleteChallenges(userId: number, executor: Executor = db) {
      await executor.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
