import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import { isStaffRole, type StaffRole } from '../../../shared/permissions.js';
import {
  type AcceptInvitation,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationSent,
  type InviteStaff,
} from '../../../shared/schemas/staff-invitations.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { staffInvitations, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { generateToken, hashPassword, hashToken } from '../../lib/crypto.js';
import { accountLocale } from '../../mail/i18n.js';
import type { Mailer } from '../../mail/mailer.js';
import { staffInvitationMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { invitationErrors } from './errors.js';

const EMAIL_IN_USE =
  'This address already has an account. Change its role under Edit instead of inviting it.';
const NOT_FOUND = 'This invitation link is not valid. Ask an administrator for a new one.';
const EXPIRED = 'This invitation has expired. Ask an administrator to invite you again.';
const USED = 'This invitation was already used. Sign in with the password you chose.';

const DAY_MS = 86_400_000;

/** The address of the sign-in screen's invitation step, with the token (decision 290). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/auth?${new URLSearchParams({ invitation: token })}`;

/**
 * Staff invitations (decision 290): the invited account is made at once (pending, with its role), and
 * the person chooses its password from the mailed link. The link's token is mailed, never stored: only
 * its hash is, so neither the table nor the mail queue holds a usable link.
 */
export function createStaffInvitationService({
  db,
  clock,
  mailer,
  config,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}) {
  /** The invitation of this token, whatever its state; not found when the token is unknown. */
  async function findByToken(token: string) {
    const [row] = await db
      .select({
        userId: staffInvitations.userId,
        expiresAt: staffInvitations.expiresAt,
        acceptedAt: staffInvitations.acceptedAt,
        email: users.email,
        role: users.role,
        hasPassword: users.password,
      })
      .from(staffInvitations)
      .innerJoin(users, eq(users.id, staffInvitations.userId))
      .where(eq(staffInvitations.tokenHash, hashToken(token)))
      .limit(1);
    if (!row || !isStaffRole(row.role)) throw invitationErrors.INVITATION_NOT_FOUND(NOT_FOUND);
    return { ...row, role: row.role as StaffRole };
  }

  /** Why a found invitation can no longer be used, if it cannot. */
  function assertUsable(row: { acceptedAt: Date | null; hasPassword: string | null; expiresAt: Date }) {
    if (row.acceptedAt || row.hasPassword) throw invitationErrors.INVITATION_USED(USED);
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw invitationErrors.INVITATION_EXPIRED(EXPIRED);
  }

  return {
    /**
     * Makes (or, for an address invited before and not yet accepted, refreshes) the pending staff
     * account and mails the link, in one transaction: a mail that cannot be sent leaves no invitation,
     * and a new invitation voids the old link.
     */
    async invite(
      actor: AuditActor,
      input: InviteStaff,
      requestLocale: Locale | null,
    ): Promise<InvitationSent> {
      const token = generateToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({
            id: users.id,
            role: users.role,
            password: users.password,
            locale: users.locale,
            browserLocale: users.browserLocale,
          })
          .from(users)
          .where(eq(users.email, input.email))
          .for('update');
        if (existing && (existing.password !== null || !isStaffRole(existing.role)))
          throw invitationErrors.EMAIL_IN_USE(EMAIL_IN_USE);
        let userId: number;
        if (existing) {
          userId = existing.id;
          await tx.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, userId));
        } else {
          const [created] = await tx
            .insert(users)
            .values({ email: input.email, role: input.role, password: null })
            .onConflictDoNothing({ target: users.email })
            .returning({ id: users.id });
          // Made by another request between the read and the insert: the same answer as above.
          if (!created) throw invitationErrors.EMAIL_IN_USE(EMAIL_IN_USE);
          userId = created.id;
        }
        await tx
          .insert(staffInvitations)
          .values({ userId, tokenHash: hashToken(token), invitedBy: actor.id, createdAt: now, expiresAt })
          .onConflictDoUpdate({
            target: staffInvitations.userId,
            set: {
              tokenHash: hashToken(token),
              invitedBy: actor.id,
              createdAt: now,
              expiresAt,
              acceptedAt: null,
            },
          });
        await recordAudit(tx, {
          actor,
          action: 'user.invited',
          target: { type: 'user', id: userId },
          changes: { email: input.email, role: input.role },
        });
        const locale = accountLocale(existing, requestLocale);
        // Sent before the commit on purpose (the token exists nowhere else): no mail, no invitation.
        await mailer.send(
          staffInvitationMail(input.email, {
            link: invitationLink(config.publicUrl, token),
            role: input.role,
            inviter: actor.email,
            days: INVITATION_TTL_DAYS,
            locale,
          }),
        );
        return { id: userId, email: input.email, role: input.role, expiresAt: expiresAt.toISOString() };
      });
    },

    /** What the link invites to, so the screen can say it before the password is chosen. */
    async lookup(token: string): Promise<Invitation> {
      const row = await findByToken(token);
      assertUsable(row);
      return { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
    },

    /**
     * Sets the password the person chose, once: the invitation is claimed by a conditional update, so
     * two tabs accepting at the same time cannot both succeed. The person then signs in as any staff
     * member does (password, then the mailed code or their second factor).
     */
    async accept(input: AcceptInvitation, ip: string): Promise<{ email: string }> {
      const row = await findByToken(input.token);
      assertUsable(row);
      const hashed = await hashPassword(input.password);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(staffInvitations)
          .set({ acceptedAt: now })
          .where(
            and(
              eq(staffInvitations.tokenHash, hashToken(input.token)),
              isNull(staffInvitations.acceptedAt),
              gt(staffInvitations.expiresAt, now),
            ),
          )
          .returning({ userId: staffInvitations.userId });
        if (!claimed) throw invitationErrors.INVITATION_USED(USED);
        const [user] = await tx
          .update(users)
          .set({ password: hashed, verified: true, updatedAt: now })
          .where(and(eq(users.id, claimed.userId), isNull(users.password)))
          .returning({ id: users.id, email: users.email });
        if (!user) throw invitationErrors.INVITATION_USED(USED);
        await recordAudit(tx, {
          actor: { id: user.id, email: user.email, ip },
          action: 'user.invitation_accepted',
          target: { type: 'user', id: user.id },
        });
        return { email: user.email };
      });
    },
  };
}

export type StaffInvitationService = ReturnType<typeof createStaffInvitationService>;
