import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import { isStaffRole, withPermissions } from '../../../shared/permissions.js';
import type { SecondFactorSignIn } from '../../../shared/schemas/security.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { recipientLocale } from '../../mail/i18n.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { codesPausedMail, verificationCodeMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { SecondFactorService } from '../second-factor/index.js';
import { type CodeSendLimits, type CodeStore, createCodeStore } from './codes.js';
import { authErrors } from './errors.js';
import { createPasswordThrottle } from './password-throttle.js';
import {
  createSessionStore,
  mustEnrolSecondFactor,
  type SessionStore,
  type SessionUser,
  sessionUserColumns,
} from './sessions.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_ALREADY_SET =
  'This account already has a password. Sign in, or use Forgot password to choose a new one.';
export const NO_ACCOUNT = 'No account exists with this email address';
export const USE_SECOND_FACTOR =
  'This account signs in with its passkey, authenticator app or a recovery code, not an e-mailed code.';
export const PASSWORD_FIRST = 'Please sign in with your password first.';
export const WRONG_SECOND_FACTOR = 'That did not work. Check the code or try your passkey again.';
const FACTOR_TRIES_SPENT = 'Too many wrong tries. Please sign in with your password again.';

export type AccountStatus = 'ACTIVE' | 'PENDING' | 'NOT_FOUND';
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The supported language the request asked for (Accept-Language), if any. */
  locale?: Locale | null;
}

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  sessionTtlHours: number;
  codeLimits: CodeSendLimits;
  secondFactor: SecondFactorService;
}

/**
 * Issues a fresh code for the address (voiding the earlier one, within the sending limits) and mails
 * it: the one way a sign-in or reset code is sent, whether the user asked or an admin did for them.
 */
export async function mailCode(
  { codes, mailer }: { codes: CodeStore; mailer: Mailer },
  email: string,
  ip: string,
  compose: (code: string) => MailMessage,
  options: { afterPassword?: boolean } = {},
) {
  const code = await codes.issue(email, ip, options);
  await mailer.send(compose(code));
}

/** The code store, whose spent wrong-code budget mails the address's owner. */
export function createAuthCodeStore({
  db,
  clock,
  mailer,
  codeLimits,
}: Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'codeLimits'>): CodeStore {
  return createCodeStore(db, clock, codeLimits, {
    onCodesPaused: async (email, until) =>
      mailer.send(codesPausedMail(email, until, await recipientLocale(db, email))),
  });
}

/**
 * The language the browser asked for at sign-in, kept for the e-mails sent later outside any request
 * while the user has chosen none (decision 164); a request with no supported language keeps the last.
 */
function browserLocale(meta: RequestMeta): { browserLocale?: Locale } {
  return meta.locale ? { browserLocale: meta.locale } : {};
}

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, clock, secondFactor } = deps;
  const codes = createAuthCodeStore(deps);
  const sessions: SessionStore = createSessionStore(db, clock, deps.sessionTtlHours);
  const passwordTries = createPasswordThrottle(db, clock);
  // A real hash, so that an unknown e-mail costs the same time as a wrong password.
  let timingDecoy: Promise<string> | undefined;

  async function findUser(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  async function sendCode(
    email: string,
    meta: RequestMeta,
    purpose: 'sign-in' | 'reset',
    options: { afterPassword?: boolean } = {},
  ) {
    const locale = await recipientLocale(db, email, meta.locale);
    await mailCode(
      { codes, mailer },
      email,
      meta.ip,
      (code) => verificationCodeMail(email, code, purpose, locale),
      options,
    );
  }

  function statusOf(user: { password: string | null } | undefined): AccountStatus {
    if (!user) return 'NOT_FOUND';
    return user.password ? 'ACTIVE' : 'PENDING';
  }

  /** The audit log's actor for a staff account's own sign-in step; undefined for a customer. */
  function staffActor(user: { id: number; email: string; role: string }, meta: RequestMeta) {
    return isStaffRole(user.role) ? { id: user.id, email: user.email, ip: meta.ip } : undefined;
  }

  /** Staff with a passkey or an authenticator app sign in with it instead of a mailed code. */
  async function factorsForSignIn(user: { id: number; role: string }) {
    if (!isStaffRole(user.role)) return undefined;
    const factors = await secondFactor.factorsOf(user.id);
    return factors.totp || factors.passkey ? factors : undefined;
  }

  /** The password step's challenge of this browser for this staff member with a factor. */
  async function factorChallenge(email: string, challenge: string | undefined) {
    const user = await findUser(email);
    const found = user?.password ? await sessions.findChallenge(challenge, user.id) : undefined;
    if (!user || !found || !(await factorsForSignIn(user)))
      throw authErrors.PASSWORD_STEP_REQUIRED(PASSWORD_FIRST);
    return { user, challenge: found };
  }

  async function toSessionUser(userId: number): Promise<SessionUser> {
    const [user] = await db
      .select({ ...sessionUserColumns, mustEnrolSecondFactor })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized();
    return user;
  }

  return {
    sessions,

    /** Mails a fresh code, composed by the caller (an admin's reset for a customer), under the same limits. */
    mailCode: (email: string, ip: string, compose: (code: string) => MailMessage) =>
      mailCode({ codes, mailer }, email, ip, compose),

    /**
     * Ends every session of a user (an administrator's action, audited with it); undefined when there
     * is no such user.
     */
    async endAllSessions(userId: number, actor: AuditActor): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) return undefined;
        const ended = await sessions.deleteAllForUser(user.id, tx);
        await recordAudit(tx, {
          actor,
          action: 'user.sessions_ended',
          target: { type: 'user', id: user.id },
          changes: { ended },
        });
        return ended;
      });
    },

    /** Housekeeping: expired sessions, challenges, old codes and old wrong-password counts. */
    async purgeExpired(): Promise<number> {
      return (await sessions.purgeExpired()) + (await codes.purgeOld()) + (await passwordTries.purgeOld());
    },

    /**
     * The address's status, and a code when asked. A browser that holds this user's password-step
     * challenge asks outside the limits others' requests can fill (see codes.ts).
     */
    async lookup(email: string, options: { sendCode: boolean; challenge?: string }, meta: RequestMeta) {
      const user = await findUser(email);
      if (options.sendCode) {
        const afterPassword = Boolean(user && (await sessions.hasChallenge(options.challenge, user.id)));
        await sendCode(email, meta, 'sign-in', { afterPassword });
      }
      return { userExists: Boolean(user), needsPassword: statusOf(user) !== 'ACTIVE' };
    },

    /**
     * The password step: valid credentials earn a short-lived challenge token, never a session, and
     * name the second factors the next step takes instead of a mailed code, when there are any. Wrong
     * passwords slow the address down with a growing wait, never a lockout (password-throttle.ts);
     * unknown addresses are counted alike, so the answers tell nothing about which exist.
     */
    async checkPassword(
      email: string,
      password: string,
      meta: RequestMeta,
    ): Promise<{ challenge: string; secondFactor?: { totp: boolean; passkey: boolean } }> {
      await passwordTries.beginTry(email);
      const user = await findUser(email);
      let right: boolean;
      if (!user?.password) {
        timingDecoy ??= hashPassword('timing-decoy-password');
        await verifyPassword(password, await timingDecoy);
        right = false;
      } else right = await verifyPassword(password, user.password);
      if (!right) {
        await db.transaction(async (tx) => {
          const counted = await passwordTries.failed(email, tx);
          const actor = user && staffActor(user, meta);
          if (actor) {
            await recordAudit(tx, {
              actor,
              action: 'staff.sign_in_failed',
              target: { type: 'user', id: actor.id },
              changes: {
                step: 'password',
                wrongPasswords: counted.failures,
                waitSeconds: counted.waitSeconds,
              },
            });
          }
        });
        throw authErrors.INVALID_CREDENTIALS(INVALID_CREDENTIALS);
      }
      await passwordTries.succeeded(email);
      if (!user) throw authErrors.INVALID_CREDENTIALS(INVALID_CREDENTIALS);
      const secondFactor = await factorsForSignIn(user);
      return { challenge: await sessions.createChallenge(user.id), ...(secondFactor && { secondFactor }) };
    },

    /** The passkey step of a sign-in: options for the browser, their challenge kept on this sign-in's challenge. */
    async passkeySignInOptions(email: string, challenge: string | undefined) {
      const found = await factorChallenge(email, challenge);
      const options = await secondFactor.passkeyAuthenticationOptions(found.user.id);
      await sessions.setPasskeyChallenge(found.challenge.id, options.challenge);
      return options;
    },

    /**
     * The second step of a staff sign-in with a factor: a passkey, an authenticator-app code or a
     * recovery code, each accepted once. Wrong answers are limited like mailed codes: five per
     * password step, and they spend the address's daily wrong-code budget. Only the six guessable
     * digits of the app wait out a pause: a passkey or a recovery code (about 50 random bits) cannot
     * be guessed, so the owner always has a way in (decision 209).
     */
    async completeSecondFactor(input: SecondFactorSignIn, challenge: string | undefined, meta: RequestMeta) {
      const { user, challenge: row } = await factorChallenge(input.email, challenge);
      if (input.method === 'totp') await codes.assertNotPaused(user.email);
      const attempt = await sessions.countFactorTry(row.id);
      if (!attempt.allowed) throw authErrors.SECOND_FACTOR_LOCKED(FACTOR_TRIES_SPENT);
      const session = await db.transaction(async (tx) => {
        let accepted = false;
        if (input.method === 'totp') accepted = await secondFactor.claimTotp(user.id, input.code, tx);
        else if (input.method === 'recovery') {
          accepted = await secondFactor.claimRecoveryCode(user.id, input.code, tx);
        } else if (row.passkeyChallenge) {
          accepted = await secondFactor.claimPasskey(user.id, input.response, row.passkeyChallenge, tx);
        }
        if (!accepted) return undefined;
        await sessions.deleteChallenges(user.id, tx);
        await tx
          .update(users)
          .set({ verified: true, lastActiveAt: clock.now() })
          .where(eq(users.id, user.id));
        return sessions.create(user.id, meta, tx);
      });
      if (!session) {
        if (input.method === 'passkey') await sessions.setPasskeyChallenge(row.id, null);
        if (attempt.last) await sessions.deleteChallenge(row.id);
        await codes.recordWrongGuess(user.email, staffActor(user, meta));
        throw attempt.last
          ? authErrors.SECOND_FACTOR_TRIES_SPENT(FACTOR_TRIES_SPENT)
          : authErrors.WRONG_SECOND_FACTOR(WRONG_SECOND_FACTOR);
      }
      return { user: withPermissions(await toSessionUser(user.id)), session };
    },

    /** The code step of a password sign-in: only for the browser that holds the challenge. */
    async completeLogin(email: string, code: string, challenge: string | undefined, meta: RequestMeta) {
      const user = await findUser(email);
      if (!user?.password || !(await sessions.hasChallenge(challenge, user.id))) {
        throw authErrors.PASSWORD_STEP_REQUIRED(PASSWORD_FIRST);
      }
      // The mailed code is not a way around the second factor.
      if (await factorsForSignIn(user)) throw authErrors.USE_SECOND_FACTOR(USE_SECOND_FACTOR);
      const codeId = await codes.check(email, code, {
        passwordStep: true,
        ip: meta.ip,
        staff: staffActor(user, meta),
      });
      const session = await db.transaction(async (tx) => {
        await codes.claim(codeId, tx);
        await sessions.deleteChallenges(user.id, tx);
        await tx
          .update(users)
          .set({ verified: true, lastActiveAt: clock.now(), ...browserLocale(meta) })
          .where(eq(users.id, user.id));
        return sessions.create(user.id, meta, tx);
      });
      return { user: withPermissions(await toSessionUser(user.id)), session };
    },

    /** Checks a reset code without using it up, so the new-password step can follow. */
    async checkCode(email: string, code: string, meta: RequestMeta) {
      await codes.check(email, code, { passwordStep: false, ip: meta.ip });
    },

    /** New or PENDING account: the code proves the address, then the password is set and a session starts. */
    async setPassword(email: string, password: string, code: string, meta: RequestMeta) {
      const existing = await findUser(email);
      if (existing?.password) throw authErrors.PASSWORD_ALREADY_SET(PASSWORD_ALREADY_SET);
      const codeId = await codes.check(email, code, { passwordStep: false, ip: meta.ip });
      const hashed = await hashPassword(password);
      const result = await db.transaction(async (tx) => {
        await codes.claim(codeId, tx);
        const [user] = existing
          ? await tx
              .update(users)
              .set({
                password: hashed,
                verified: true,
                lastActiveAt: clock.now(),
                updatedAt: clock.now(),
                ...browserLocale(meta),
              })
              .where(eq(users.id, existing.id))
              .returning({ id: users.id })
          : await tx
              .insert(users)
              .values({
                email,
                password: hashed,
                verified: true,
                lastActiveAt: clock.now(),
                ...browserLocale(meta),
              })
              .returning({ id: users.id });
        if (!user) throw authErrors.ACCOUNT_NOT_SAVED('The account could not be saved. Please try again.');
        return { userId: user.id, session: await sessions.create(user.id, meta, tx) };
      });
      return {
        user: withPermissions(await toSessionUser(result.userId)),
        session: result.session,
        created: !existing,
      };
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<AccountStatus> {
      const status = statusOf(await findUser(email));
      if (status !== 'NOT_FOUND') await sendCode(email, meta, 'reset');
      return status;
    },

    /** A reset ends every session of the user; they sign in again with the new password. */
    async resetPassword(email: string, password: string, code: string, meta: RequestMeta) {
      const user = await findUser(email);
      if (!user) throw authErrors.NO_ACCOUNT(NO_ACCOUNT);
      const codeId = await codes.check(email, code, { passwordStep: false, ip: meta.ip });
      const hashed = await hashPassword(password);
      await db.transaction(async (tx) => {
        await codes.claim(codeId, tx);
        await tx
          .update(users)
          .set({ password: hashed, verified: true, updatedAt: clock.now() })
          .where(eq(users.id, user.id));
        const ended = await sessions.deleteAllForUser(user.id, tx);
        await sessions.deleteChallenges(user.id, tx);
        await recordAudit(tx, {
          actor: { id: user.id, email: user.email, ip: meta.ip },
          action: 'user.password_reset',
          target: { type: 'user', id: user.id },
          changes: { sessionsEnded: ended },
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
