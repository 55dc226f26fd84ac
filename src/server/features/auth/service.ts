import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { recipientLocale } from '../../mail/i18n.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { codesPausedMail, verificationCodeMail } from '../../mail/templates.js';
import { type CodeSendLimits, type CodeStore, createCodeStore } from './codes.js';
import { createSessionStore, type SessionStore, type SessionUser, sessionUserColumns } from './sessions.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_ALREADY_SET =
  'This account already has a password. Sign in, or use Forgot password to choose a new one.';
export const NO_ACCOUNT = 'No account exists with this email address';

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
}: Omit<AuthDeps, 'sessionTtlHours'>): CodeStore {
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
  const { db, mailer, clock } = deps;
  const codes = createAuthCodeStore(deps);
  const sessions: SessionStore = createSessionStore(db, clock, deps.sessionTtlHours);
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

  async function toSessionUser(userId: number): Promise<SessionUser> {
    const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized();
    return user;
  }

  return {
    sessions,

    /** Mails a fresh code, composed by the caller (an admin's reset for a customer), under the same limits. */
    mailCode: (email: string, ip: string, compose: (code: string) => MailMessage) =>
      mailCode({ codes, mailer }, email, ip, compose),

    /** Housekeeping: expired sessions, challenges and old codes. */
    async purgeExpired(): Promise<number> {
      return (await sessions.purgeExpired()) + (await codes.purgeOld());
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

    /** The password step: valid credentials earn a short-lived challenge token, never a session. */
    async checkPassword(email: string, password: string): Promise<string> {
      const user = await findUser(email);
      if (!user?.password) {
        timingDecoy ??= hashPassword('timing-decoy-password');
        await verifyPassword(password, await timingDecoy);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(password, user.password))) throw unauthorized(INVALID_CREDENTIALS);
      return sessions.createChallenge(user.id);
    },

    /** The code step of a password sign-in: only for the browser that holds the challenge. */
    async completeLogin(email: string, code: string, challenge: string | undefined, meta: RequestMeta) {
      const user = await findUser(email);
      if (!user?.password || !(await sessions.hasChallenge(challenge, user.id))) {
        throw unauthorized('Please sign in with your password first.');
      }
      const codeId = await codes.check(email, code);
      const session = await db.transaction(async (tx) => {
        await codes.claim(codeId, tx);
        await sessions.deleteChallenges(user.id, tx);
        await tx
          .update(users)
          .set({ verified: true, lastActiveAt: clock.now(), ...browserLocale(meta) })
          .where(eq(users.id, user.id));
        return sessions.create(user.id, meta, tx);
      });
      return { user: await toSessionUser(user.id), session };
    },

    /** Checks a reset code without using it up, so the new-password step can follow. */
    async checkCode(email: string, code: string) {
      await codes.check(email, code);
    },

    /** New or PENDING account: the code proves the address, then the password is set and a session starts. */
    async setPassword(email: string, password: string, code: string, meta: RequestMeta) {
      const existing = await findUser(email);
      if (existing?.password) throw conflict(PASSWORD_ALREADY_SET);
      const codeId = await codes.check(email, code);
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
        if (!user) throw conflict('The account could not be saved. Please try again.');
        return { userId: user.id, session: await sessions.create(user.id, meta, tx) };
      });
      return { user: await toSessionUser(result.userId), session: result.session, created: !existing };
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<AccountStatus> {
      const status = statusOf(await findUser(email));
      if (status !== 'NOT_FOUND') await sendCode(email, meta, 'reset');
      return status;
    },

    /** A reset ends every session of the user; they sign in again with the new password. */
    async resetPassword(email: string, password: string, code: string) {
      const user = await findUser(email);
      if (!user) throw badRequest(NO_ACCOUNT);
      const codeId = await codes.check(email, code);
      const hashed = await hashPassword(password);
      await db.transaction(async (tx) => {
        await codes.claim(codeId, tx);
        await tx
          .update(users)
          .set({ password: hashed, verified: true, updatedAt: clock.now() })
          .where(eq(users.id, user.id));
        await sessions.deleteAllForUser(user.id, tx);
        await sessions.deleteChallenges(user.id, tx);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
