import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { LOGIN_CHALLENGE_TTL_MINUTES, VERIFICATION_CODE_MAX_TRIES } from '../../../shared/constants.js';
import { isStaffRole, STAFF_ROLES } from '../../../shared/permissions.js';
import type { Db, Executor } from '../../db/client.js';
import { loginChallenges, sessions, type User, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { minutesFrom } from '../../lib/clock.js';
import { generateToken, hashToken } from '../../lib/crypto.js';
import { publishAccountChanged } from '../../live/publish.js';
import { recordAudit } from '../audit/index.js';

export type SessionUser = Pick<
  User,
  'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'phoneNumber' | 'locale'
> & {
  /** Staff without a second factor while Settings → Security requires one (decision 154). */
  mustEnrolSecondFactor?: boolean;
};

/** The settings key of Settings → Security's "Require a second factor for every staff account". */
export const REQUIRE_SECOND_FACTOR_KEY = 'requireSecondFactor';

/**
 * True for a staff member without a confirmed authenticator app or a passkey while the setting
 * requires one. Part of the session's own query: the requests of staff pay one index lookup on the
 * settings table, customers none. Written with qualified names: drizzle leaves columns unqualified in
 * a query on `users` alone, and `"id"` inside the passkeys subquery was then the passkey's own id.
 */
export const mustEnrolSecondFactor = sql<boolean>`("users"."role" in (${sql.join(
  STAFF_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}) and exists (select 1 from "settings" where "settings"."key" = ${REQUIRE_SECOND_FACTOR_KEY} and "settings"."value" = 'true'::jsonb) and not exists (select 1 from "totp_secrets" where "totp_secrets"."user_id" = "users"."id" and "totp_secrets"."confirmed_at" is not null) and not exists (select 1 from "passkeys" where "passkeys"."user_id" = "users"."id"))`;

/** A session row as the account page lists it. */
export interface SessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The last-seen time moves at most this often, so most requests write nothing. */
const LAST_SEEN_STEP_MS = 60_000;

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  locale: users.locale,
};

/** The statement's name on a PostgreSQL server; the reference server of the benchmark sends it too. */
export const SESSION_USER_STATEMENT = 'session_user';

/**
 * The lookup behind every signed-in API request, built once: building the SQL took more of the
 * request's time than running it. The server parses and plans it once per connection.
 */
function sessionUserQuery(db: Db) {
  return db
    .select({
      ...sessionUserColumns,
      mustEnrolSecondFactor,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1);
}

/** The session lookup's SQL, as the database receives it (placeholders `$1` token hash, `$2` now). */
export const sessionUserSql = (db: Db) => sessionUserQuery(db).toSQL();

export function createSessionStore(db: Db, clock: Clock, ttlHours: number) {
  const sessionUser = sessionUserQuery(db).prepare(SESSION_USER_STATEMENT);
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
        // Used from its first moment: a staff session never used still ends after STAFF_IDLE_MINUTES.
        lastSeenAt: clock.now(),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512),
      });
      return { token };
    },

    async findUser(
      token: string,
    ): Promise<(SessionUser & { sessionId: number; expiresAt: Date; lastSeenAt: Date | null }) | undefined> {
      const [row] = await sessionUser.execute({ tokenHash: hashToken(token), now: clock.now() });
      return row;
    },

    /** Records activity of a session, unless it was recorded less than a minute ago. */
    async touch(sessionId: number, lastSeenAt: Date | null) {
      const now = clock.now();
      if (lastSeenAt && now.getTime() - lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    },

    /** The user's live sessions, most recently active first. */
    async list(userId: number): Promise<SessionRow[]> {
      const lastSeen = sql<Date>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`.mapWith(
        sessions.createdAt,
      );
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastSeenAt: lastSeen,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now())))
        .orderBy(desc(lastSeen), desc(sessions.id));
    },

    /**
     * Ends one session of this user (false when it is not theirs), audited with it; its live
     * connections close.
     */
    async endOwn(user: { id: number; email: string }, sessionId: number, ip: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
          .returning({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip });
        const [ended] = gone;
        if (!ended) return false;
        await recordAudit(tx, {
          actor: { id: user.id, email: user.email, ip },
          action: 'session.ended',
          target: { type: 'session', id: ended.id },
          changes: { device: ended.userAgent, ip: ended.ip },
        });
        await publishAccountChanged(tx, user.id);
        return true;
      });
    },

    /** Sign-out; the live connections of this session close too. */
    async delete(token: string) {
      const [gone] = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ userId: sessions.userId });
      if (gone) await publishAccountChanged(db, gone.userId);
    },

    /** Ends one session by its id (a staff session left idle too long). */
    async end(sessionId: number) {
      const [gone] = await db
        .delete(sessions)
        .where(eq(sessions.id, sessionId))
        .returning({ userId: sessions.userId });
      if (gone) await publishAccountChanged(db, gone.userId);
    },

    /** Ends every session of the user; returns how many there were. */
    async deleteAllForUser(userId: number, executor: Executor = db): Promise<number> {
      const gone = await executor
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      await publishAccountChanged(executor, userId);
      return gone.length;
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

    /** The live password-step challenge of this browser for this user, if any. */
    async findChallenge(token: string | undefined, userId: number) {
      if (!token) return undefined;
      const [row] = await db
        .select({ id: loginChallenges.id, passkeyChallenge: loginChallenges.passkeyChallenge })
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.tokenHash, hashToken(token)),
            eq(loginChallenges.userId, userId),
            gt(loginChallenges.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Counts a second-factor try before it is checked, in the statement that refuses a sixth (as with
     * mailed codes); the fifth try spends the challenge, and the password step starts again.
     */
    async countFactorTry(challengeId: number): Promise<{ allowed: boolean; last: boolean }> {
      const [row] = await db
        .update(loginChallenges)
        .set({ failedFactorAttempts: sql`${loginChallenges.failedFactorAttempts} + 1` })
        .where(
          and(
            eq(loginChallenges.id, challengeId),
            sql`${loginChallenges.failedFactorAttempts} < ${VERIFICATION_CODE_MAX_TRIES}`,
          ),
        )
        .returning({ tries: loginChallenges.failedFactorAttempts });
      if (!row) return { allowed: false, last: true };
      return { allowed: true, last: row.tries >= VERIFICATION_CODE_MAX_TRIES };
    },

    async setPasskeyChallenge(challengeId: number, challenge: string | null) {
      await db
        .update(loginChallenges)
        .set({ passkeyChallenge: challenge })
        .where(eq(loginChallenges.id, challengeId));
    },

    async deleteChallenge(challengeId: number) {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, challengeId));
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
