/**
 * The customer e-mails in the recipient's language (docs/i18n.md): their stored choice, else the
 * language of the request that caused the mail (Accept-Language), else the language their browser asked
 * for when the account was made or last signed in, else English.
 */
import { eq } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import {
  acceptLanguageTags,
  DEFAULT_LOCALE,
  firstSupportedLocale,
  INTL_LOCALE,
  isLocale,
  type Locale,
} from '../../shared/locales.js';
import type { Stage } from '../../shared/stages.js';
import { unitName } from '../../shared/unit-name.js';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';
import { en, type MailMessages } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';

export const MAIL_MESSAGES: Record<Locale, MailMessages> = { en, es, fr };
export type MailKey = keyof MailMessages;

const compiled = new Map<string, IntlMessageFormat>();

/** One message of the e-mails in `locale`, its arguments filled in. */
export function mailText(locale: Locale, key: MailKey, values?: Record<string, string | number>): string {
  const id = `${locale}:${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(MAIL_MESSAGES[locale][key], INTL_LOCALE[locale]);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** A stage's customer name (the timeline step) in `locale`. */
export function mailStageLabel(stage: Stage, locale: Locale): string {
  return mailText(locale, `stage.${stage}` as MailKey);
}

/** A unit's name in `locale`: 'VH1042 · Unidad 2' (src/shared/unit-name.ts). */
export function mailUnitName(orderNumber: string, itemNumber: number, locale: Locale): string {
  return unitName(orderNumber, itemNumber, mailText(locale, 'unit.word'));
}

/** '1, 2, and 3', '1, 2 y 3', '1, 2 et 3'. */
export function mailList(items: readonly (string | number)[], locale: Locale): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { type: 'conjunction' }).format(items.map(String));
}

/**
 * A moment's day in UTC, the language's medium date of docs/style-guide.md: 'Mar 17, 2026',
 * '17 mar 2026', '17 mars 2026'.
 */
export function mailDate(at: Date, locale: Locale): string {
  return at.toLocaleDateString(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * A delivery day ('2026-03-17') with its weekday, the one long date of docs/style-guide.md:
 * 'Tuesday, March 17, 2026', 'martes, 17 de marzo de 2026'.
 */
export function mailLongDay(day: string, locale: Locale): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(INTL_LOCALE[locale], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The supported language an Accept-Language header asks for first, or null. */
export function localeOfAcceptLanguage(header: string | string[] | undefined): Locale | null {
  return firstSupportedLocale(acceptLanguageTags(Array.isArray(header) ? header.join(',') : header));
}

/**
 * The language to write to an address in: the account's stored choice, else the current request's
 * language (when the mail answers a request), else the language recorded at its last sign-in, else
 * English. An address with no account gets the request's language or English.
 */
export async function recipientLocale(
  executor: Executor,
  email: string,
  requestLocale?: Locale | null,
): Promise<Locale> {
  const [row] = await executor
    .select({ locale: users.locale, browserLocale: users.browserLocale })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return accountLocale(row, requestLocale);
}

/** The same choice for an account already read (its `locale` and `browserLocale` columns). */
export function accountLocale(
  account: { locale: string | null; browserLocale: string | null } | undefined,
  requestLocale?: Locale | null,
): Locale {
  if (isLocale(account?.locale)) return account.locale;
  if (requestLocale) return requestLocale;
  return isLocale(account?.browserLocale) ? account.browserLocale : DEFAULT_LOCALE;
}
