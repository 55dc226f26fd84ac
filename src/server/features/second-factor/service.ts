import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SecondFactorStatus } from '../../../shared/schemas/security.js';
import type { Db, Executor } from '../../db/client.js';
import { passkeys, recoveryCodes, sessions, settings, totpSecrets, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/crypto.js';
import { publishAccountChanged } from '../../live/publish.js';
import { recipientLocale } from '../../mail/i18n.js';
import type { Mailer } from '../../mail/mailer.js';
import { factorAddedMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { secondFactorErrors } from './errors.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { newTotpSecret, totpQrCode, totpStep, totpUri } from './totp.js';

/** Who the passkeys belong to: the host and origin of the configured public address (decision 153). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}

export const WRONG_PASSWORD = 'The password is not correct';
export const INVALID_TOTP = 'That code is not right (or was already used). Wait for the next one.';
const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
const PASSKEY_TIMEOUT_MS = 5 * 60_000;

/** The signed-in staff member changing their own factors, and the request's client address. */
interface Account {
  id: number;
  email: string;
  ip?: string | null;
}

export function createSecondFactorService({
  db,
  clock,
  rp,
  mailer,
}: {
  db: Db;
  clock: Clock;
  rp: RelyingParty;
  mailer: Mailer;
}) {
  async function factorsOf(userId: number, executor: Executor = db) {
    const [row] = await executor
      .select({
        totp: sql<boolean>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)`,
        passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
      })
      .from(sql`(select 1) as one`);
    return { totp: Boolean(row?.totp), passkey: Boolean(row?.passkey) };
  }

  async function hasAnyFactor(userId: number, executor: Executor = db) {
    const factors = await factorsOf(userId, executor);
    return factors.totp || factors.passkey;
  }

  /**
   * Adding or removing a factor or replacing the recovery codes: the password proves it is the owner at
   * the keyboard, not someone holding a stolen session (decision 210).
   */
  async function reauthenticate(userId: number, password: string) {
    const [user] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
    if (!user?.password || !(await verifyPassword(password, user.password))) {
      throw secondFactorErrors.WRONG_PASSWORD(WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
    }
  }

  /** Ten new codes replace the old ones; the plain codes are returned once and never stored. */
  async function replaceRecoveryCodes(userId: number, tx: Executor): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: clock.now() })));
    return codes;
  }

  /** After a factor was added in `tx`: the first one comes with recovery codes. */
  async function codesForFirstFactor(userId: number, hadFactor: boolean, tx: Executor) {
    return hadFactor ? {} : { recoveryCodes: await replaceRecoveryCodes(userId, tx) };
  }

  /** With the last factor gone, the recovery codes go too; the next first factor brings new ones. */
  async function dropCodesWithoutFactor(userId: number, tx: Executor) {
    if (!(await hasAnyFactor(userId, tx))) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    }
  }

  /** Each change to the account's own factors goes to the audit log in the change's transaction. */
  async function auditOwn(
    tx: Executor,
    account: Account,
    action: 'second_factor.added' | 'second_factor.removed' | 'second_factor.recovery_codes_replaced',
    changes: Record<string, unknown>,
  ) {
    await recordAudit(tx, {
      actor: { id: account.id, email: account.email, ip: account.ip },
      action,
      target: { type: 'user', id: account.id },
      changes,
    });
  }

  /** After the commit: the owner hears of every new factor, in their language. */
  async function mailFactorAdded(account: Account, factor: { kind: 'totp' | 'passkey'; name?: string }) {
    const locale = await recipientLocale(db, account.email);
    await mailer.send(factorAddedMail(account.email, factor, clock.now(), locale));
  }

  async function isRequired(executor: Executor = db): Promise<boolean> {
    const [row] = await executor
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'requireSecondFactor'));
    return row?.value === true;
  }

  return {
    factorsOf,
    hasAnyFactor,

    async status(userId: number): Promise<SecondFactorStatus> {
      const [factors, keys, [codes], required] = await Promise.all([
        factorsOf(userId),
        db
          .select({
            id: passkeys.id,
            name: passkeys.name,
            createdAt: passkeys.createdAt,
            lastUsedAt: passkeys.lastUsedAt,
          })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .orderBy(passkeys.id),
        db
          .select({ left: count() })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
        isRequired(),
      ]);
      return {
        totp: factors.totp,
        passkeys: keys.map((key) => ({
          id: key.id,
          name: key.name,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: codes?.left ?? 0,
        required,
      };
    },

    /** A new secret for the app, replacing an unconfirmed one; confirmed with a code before it counts. */
    async startTotp(account: Account) {
      const secret = newTotpSecret();
      const [saved] = await db
        .insert(totpSecrets)
        .values({ userId: account.id, secret, createdAt: clock.now() })
        .onConflictDoUpdate({
          target: totpSecrets.userId,
          set: { secret, createdAt: clock.now(), lastUsedStep: null },
          setWhere: isNull(totpSecrets.confirmedAt),
        })
        .returning({ userId: totpSecrets.userId });
      if (!saved)
        throw secondFactorErrors.TOTP_ALREADY_SET_UP(
          'An authenticator app is already set up. Remove it first to set up another.',
        );
      const uri = totpUri(secret, account.email, rp.name);
      return { secret, uri, qrCode: await totpQrCode(uri) };
    },

    async confirmTotp(account: Account, code: string, password: string) {
      const userId = account.id;
      await reauthenticate(userId, password);
      const [pending] = await db
        .select({ secret: totpSecrets.secret, confirmedAt: totpSecrets.confirmedAt })
        .from(totpSecrets)
        .where(eq(totpSecrets.userId, userId));
      if (!pending || pending.confirmedAt)
        throw secondFactorErrors.TOTP_SETUP_NOT_STARTED('Start setting up the authenticator app first.');
      const step = totpStep(pending.secret, code, clock.now());
      if (step === null)
        throw secondFactorErrors.TOTP_CODE_INVALID(INVALID_TOTP, { fields: { code: INVALID_TOTP } });
      const enrolled = await db.transaction(async (tx) => {
        const hadFactor = await hasAnyFactor(userId, tx);
        const [confirmed] = await tx
          .update(totpSecrets)
          .set({ confirmedAt: clock.now(), lastUsedStep: step })
          .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)))
          .returning({ userId: totpSecrets.userId });
        if (!confirmed)
          throw secondFactorErrors.TOTP_ALREADY_SET_UP('The authenticator app is already set up.');
        const codes = await codesForFirstFactor(userId, hadFactor, tx);
        await auditOwn(tx, account, 'second_factor.added', {
          factor: 'totp',
          ...(codes.recoveryCodes && { recoveryCodes: 'issued' }),
        });
        return codes;
      });
      await mailFactorAdded(account, { kind: 'totp' });
      return enrolled;
    },

    async removeTotp(account: Account, password: string) {
      const userId = account.id;
      await reauthenticate(userId, password);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(totpSecrets)
          .where(eq(totpSecrets.userId, userId))
          .returning({ id: totpSecrets.userId });
        if (gone.length === 0) throw secondFactorErrors.TOTP_NOT_SET_UP('No authenticator app is set up');
        await dropCodesWithoutFactor(userId, tx);
        await auditOwn(tx, account, 'second_factor.removed', { factor: 'totp' });
      });
    },

    async regenerateRecoveryCodes(account: Account, password: string) {
      const userId = account.id;
      await reauthenticate(userId, password);
      return db.transaction(async (tx) => {
        if (!(await hasAnyFactor(userId, tx))) {
          throw secondFactorErrors.NO_SECOND_FACTOR('Set up a passkey or an authenticator app first.');
        }
        const recoveryCodes = await replaceRecoveryCodes(userId, tx);
        await auditOwn(tx, account, 'second_factor.recovery_codes_replaced', { count: recoveryCodes.length });
        return { recoveryCodes };
      });
    },

    /**
     * Options for the browser's passkey creation, for the owner who typed the password; the challenge
     * waits on the session that asked.
     */
    async passkeyRegistrationOptions(account: Account, sessionId: number, password: string) {
      await reauthenticate(account.id, password);
      const existing = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, account.id));
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: account.email,
        userID: new TextEncoder().encode(String(account.id)),
        attestationType: 'none',
        timeout: PASSKEY_TIMEOUT_MS,
        excludeCredentials: existing,
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await db
        .update(sessions)
        .set({ passkeyChallenge: options.challenge })
        .where(eq(sessions.id, sessionId));
      return options;
    },

    async registerPasskey(
      account: Account,
      sessionId: number,
      input: { response: Record<string, unknown>; name?: string; password: string },
    ) {
      const userId = account.id;
      const { response, name } = input;
      // Checked before the challenge is taken: a mistyped password can be corrected and sent again.
      await reauthenticate(userId, input.password);
      const expectedChallenge = await takeRegistrationChallenge(sessionId);
      if (!expectedChallenge)
        throw secondFactorErrors.PASSKEY_CHALLENGE_EXPIRED('Start adding the passkey again.');
      const verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw secondFactorErrors.PASSKEY_NOT_VERIFIED(PASSKEY_NOT_VERIFIED);
      const { credential } = verification.registrationInfo;
      const passkeyName = name || undefined;
      const enrolled = await db.transaction(async (tx) => {
        const hadFactor = await hasAnyFactor(userId, tx);
        const [mine] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
        const saved = await tx
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: passkeyName ?? `Passkey ${(mine?.n ?? 0) + 1}`,
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning({ id: passkeys.id, name: passkeys.name });
        const [passkey] = saved;
        if (!passkey)
          throw secondFactorErrors.PASSKEY_ALREADY_REGISTERED('This passkey is already registered.');
        const codes = await codesForFirstFactor(userId, hadFactor, tx);
        await auditOwn(tx, account, 'second_factor.added', {
          factor: 'passkey',
          passkeyId: passkey.id,
          name: passkey.name,
          ...(codes.recoveryCodes && { recoveryCodes: 'issued' }),
        });
        return { codes, name: passkey.name };
      });
      await mailFactorAdded(account, { kind: 'passkey', name: enrolled.name });
      return enrolled.codes;
    },

    async removePasskey(account: Account, passkeyId: number, password: string) {
      const userId = account.id;
      await reauthenticate(userId, password);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
          .returning({ id: passkeys.id, name: passkeys.name });
        const [passkey] = gone;
        if (!passkey) throw secondFactorErrors.PASSKEY_NOT_FOUND('Passkey not found');
        await dropCodesWithoutFactor(userId, tx);
        await auditOwn(tx, account, 'second_factor.removed', {
          factor: 'passkey',
          passkeyId: passkey.id,
          name: passkey.name,
        });
      });
    },

    /**
     * An administrator's rescue of a staff member who lost every factor: factors and recovery codes
     * go, and so do the user's sessions (their sockets close). Undefined when there is no such user.
     */
    async removeAllFor(userId: number, actor: AuditActor): Promise<true | undefined> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) return undefined;
        const totp = await tx
          .delete(totpSecrets)
          .where(eq(totpSecrets.userId, userId))
          .returning({ confirmedAt: totpSecrets.confirmedAt });
        const keys = await tx
          .delete(passkeys)
          .where(eq(passkeys.userId, userId))
          .returning({ id: passkeys.id });
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        await recordAudit(tx, {
          actor,
          action: 'user.second_factor_removed',
          target: { type: 'user', id: userId },
          changes: {
            authenticatorApp: totp.some((row) => row.confirmedAt !== null),
            passkeys: keys.length,
            sessionsEnded: ended.length,
          },
        });
        await publishAccountChanged(tx, userId);
        return true as const;
      });
    },

    // The sign-in step. Each check claims what it accepts inside the caller's transaction, so a code
    // or an assertion signs in once even when two requests race.

    /** Options for the passkey step of a sign-in: the user's own credentials. */
    async passkeyAuthenticationOptions(userId: number) {
      const mine = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      if (mine.length === 0) throw secondFactorErrors.NO_PASSKEY('This account has no passkey.');
      return generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: mine,
        userVerification: 'preferred',
        timeout: PASSKEY_TIMEOUT_MS,
      });
    },

    /** A right, unused authenticator-app code: its step becomes the last used one. */
    async claimTotp(userId: number, code: string, tx: Executor): Promise<boolean> {
      const [row] = await tx
        .select({ secret: totpSecrets.secret })
        .from(totpSecrets)
        .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
      if (!row) return false;
      const step = totpStep(row.secret, code, clock.now());
      if (step === null) return false;
      const claimed = await tx
        .update(totpSecrets)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpSecrets.userId, userId),
            or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpSecrets.userId });
      return claimed.length > 0;
    },

    async claimRecoveryCode(userId: number, code: string, tx: Executor): Promise<boolean> {
      const claimed = await tx
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return claimed.length > 0;
    },

    /** A passkey assertion for `expectedChallenge` from one of the user's passkeys. */
    async claimPasskey(
      userId: number,
      response: Record<string, unknown>,
      expectedChallenge: string,
      tx: Executor,
    ): Promise<boolean> {
      const assertion = response as unknown as AuthenticationResponseJSON;
      if (typeof assertion.id !== 'string') return false;
      const [key] = await tx
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, assertion.id)));
      if (!key) return false;
      const verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!verification.verified || !verification.authenticationInfo) return false;
      await tx
        .update(passkeys)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: clock.now() })
        .where(eq(passkeys.id, key.id));
      return true;
    },
  };

  /** Reads and clears the session's registration challenge: it answers one registration at most. */
  async function takeRegistrationChallenge(sessionId: number): Promise<string | null> {
    const [row] = await db
      .select({ challenge: sessions.passkeyChallenge })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (!row?.challenge) return null;
    const taken = await db
      .update(sessions)
      .set({ passkeyChallenge: null })
      .where(and(eq(sessions.id, sessionId), eq(sessions.passkeyChallenge, row.challenge)))
      .returning({ id: sessions.id });
    return taken.length > 0 ? row.challenge : null;
  }
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
