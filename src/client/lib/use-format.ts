import { useTranslation } from 'react-i18next';
import { formatCents, formatCount } from '../../shared/format.js';
import { INTL_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import { dateTimeFormat, formatDate, formatDateRange, formatDaySpan } from './dates';

/** Dates, amounts and counts written the way the active language writes them. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const tag = INTL_LOCALE[locale];
  return {
    locale,
    /** The Intl tag of the language, for any other Intl call. */
    intlLocale: tag,
    date: (value: string | null | undefined) => formatDate(value, tag),
    /** A moment: its day and its time of day, here (a message's time). */
    dateTime: (value: string) =>
      dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    dateRange: (from: string, to: string, today?: Date) => formatDateRange(from, to, today, tag),
    /** Units' delivery days as one range, earliest to latest; '' when none has one. */
    daySpan: (values: readonly (string | null | undefined)[]) => formatDaySpan(values, undefined, tag),
    money: (cents: number | string | null | undefined) => formatCents(cents, locale),
    count: (value: number) => formatCount(value, locale),
  };
}
