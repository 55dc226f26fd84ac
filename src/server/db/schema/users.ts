import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/locales.js';
import { fullNameOf } from '../full-name.js';
import { timestamps } from './columns.js';

export type NotificationPrefs = { email: boolean; sms: boolean };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased; the unique index makes one account per address. */
    email: text('email').notNull(),
    /** scrypt hash; null for a PENDING account that was created from an order. */
    password: text('password'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    role: text('role').$type<Role>().notNull().default('USER'),
    /** Spec fields kept for compatibility; codes themselves live hashed in verification_codes. */
    verificationCode: text('verification_code'),
    verificationExpires: timestamp('verification_expires', { withTimezone: true }),
    verified: boolean('verified').notNull().default(false),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default({ email: true, sms: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** The language the user chose (portal and e-mails); null until they choose. */
    locale: text('locale').$type<Locale>(),
    /**
     * The supported language the browser asked for (Accept-Language) when the account was made or last
     * signed in: the e-mails' language while the user has not chosen one (decision 164).
     */
    browserLocale: text('browser_locale').$type<Locale>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    // The admin search matches text anywhere in the e-mail or name (ILIKE '%…%'): trigram indexes
    // (decision 184). An expression takes its operator class inside the SQL.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', sql`${fullNameOf(t.firstName, t.lastName)} gin_trgm_ops`),
    check('users_locale_check', sql`${t.locale} in ('en', 'es', 'fr')`),
    check('users_browser_locale_check', sql`${t.browserLocale} in ('en', 'es', 'fr')`),
  ],
);
