import { and, eq, ne } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import { isStaffRole } from '../../../shared/permissions.js';
import type {
  NotificationPrefs,
  PasswordChange,
  ProfileUpdate,
  ShippingAddressUpdate,
} from '../../../shared/schemas/user.js';
import { PASSWORD_CHANGE_MESSAGES } from '../../../shared/schemas/user.js';
import { sessions, users } from '../../db/schema.js';
import { hashPassword, hashToken, verifyPassword } from '../../lib/crypto.js';
import { publishAccountChanged } from '../../live/publish.js';
import { recordAudit } from '../audit/index.js';
import { sessionUserColumns } from '../auth/index.js';
import {
  lockLatestOrderOfCustomer,
  type OrderChangeDeps,
  unitsOfOrder,
  type Viewer,
} from '../orders/index.js';
import { accountErrors } from './errors.js';

/** '' clears a field; undefined leaves it alone. */
const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

export function createAccountService({ db, clock, orders: writer }: OrderChangeDeps) {
  return {
    /** Names and phone only: the schema has already dropped role, e-mail and anything else. */
    async updateProfile(userId: number, update: ProfileUpdate) {
      const [user] = await db
        .update(users)
        .set({
          firstName: orNull(update.firstName),
          lastName: orNull(update.lastName),
          phoneNumber: orNull(update.phoneNumber),
          updatedAt: clock.now(),
        })
        .where(eq(users.id, userId))
        .returning(sessionUserColumns);
      if (!user) throw accountErrors.USER_NOT_FOUND('User not found');
      return user;
    },

    /** The latest order's shipping address and phone, which the Account Details card shows (decision 25). */
    async updateShipping(userId: number, update: Required<ShippingAddressUpdate>) {
      return db.transaction(async (tx) => {
        const latest = await lockLatestOrderOfCustomer(tx, userId);
        if (latest === undefined) throw accountErrors.NO_ORDER_YET('No order to update yet');
        const order = await writer.setDetails(
          tx,
          latest,
          {
            shippingAddress: {
              street: update.address,
              city: update.city,
              state: update.state,
              zipCode: update.zipCode,
            },
            phoneNumber: update.phoneNumber || null,
          },
          clock.now(),
        );
        const items = await unitsOfOrder(tx, order.id);
        return { order, items };
      });
    },

    /**
     * Checks the current password, stores the new one and signs out every other session of the
     * user; the browser that made the change stays signed in. The change is audited with it.
     */
    async changePassword(
      userId: number,
      currentSessionToken: string | undefined,
      change: PasswordChange,
      ip: string,
    ) {
      const [user] = await db
        .select({ email: users.email, password: users.password })
        .from(users)
        .where(eq(users.id, userId));
      const valid = user?.password ? await verifyPassword(change.currentPassword, user.password) : false;
      if (!valid) {
        throw accountErrors.WRONG_CURRENT_PASSWORD(PASSWORD_CHANGE_MESSAGES.wrongCurrent, {
          fields: {
            currentPassword: PASSWORD_CHANGE_MESSAGES.wrongCurrent,
          },
        });
      }
      const password = await hashPassword(change.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password, updatedAt: clock.now() }).where(eq(users.id, userId));
        const others = currentSessionToken
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentSessionToken)))
          : eq(sessions.userId, userId);
        const ended = await tx.delete(sessions).where(others).returning({ id: sessions.id });
        await recordAudit(tx, {
          actor: { id: userId, email: user?.email ?? '', ip },
          action: 'user.password_changed',
          target: { type: 'user', id: userId },
          changes: { otherSessionsEnded: ended.length },
        });
        await publishAccountChanged(tx, userId);
      });
    },

    async notificationPrefs(userId: number): Promise<NotificationPrefs> {
      const [row] = await db
        .select({ prefs: users.notificationPrefs })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw accountErrors.USER_NOT_FOUND('User not found');
      return row.prefs;
    },

    /** The user's language for the portal and e-mails; it wins over any browser's. */
    async updateLocale(userId: number, locale: Locale): Promise<{ locale: Locale }> {
      const [row] = await db
        .update(users)
        .set({ locale, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning({ locale: users.locale });
      if (!row?.locale) throw accountErrors.USER_NOT_FOUND('User not found');
      return { locale: row.locale };
    },

    async updateNotificationPrefs(userId: number, patch: Partial<NotificationPrefs>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ prefs: users.notificationPrefs })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!row) throw accountErrors.USER_NOT_FOUND('User not found');
        const prefs = { ...row.prefs, ...patch };
        await tx
          .update(users)
          .set({ notificationPrefs: prefs, updatedAt: clock.now() })
          .where(eq(users.id, userId));
        return prefs;
      });
    },

    /** REGISTERED once the account has a password; only the user themself or staff may ask. */
    async registrationStatus(viewer: Viewer, userId: number) {
      if (!isStaffRole(viewer.role) && viewer.id !== userId)
        throw accountErrors.USER_NOT_FOUND('User not found');
      const [user] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
      if (!user) throw accountErrors.USER_NOT_FOUND('User not found');
      return { status: user.password ? ('REGISTERED' as const) : ('UNREGISTERED' as const) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
