import { useTranslation } from 'react-i18next';
import { formatCents, formatCount } from '../../shared/format.js';
import { INTL_LOCALE, isLocale, type Locale } from '../../shared/locales.js';
import { formatDate, formatDateRange, formatDateTime, formatDaySpan } from './dates';

/** Dates, amounts and counts written the way the active language writes them (docs/style-guide.md). */
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
    dateTime: (value: string) => formatDateTime(value, tag),
    dateRange: (from: string, to: string) => formatDateRange(from, to, tag),
    /** Units' delivery days as one range, earliest to latest; '' when none has one. */
    daySpan: (values: readonly (string | null | undefined)[]) => formatDaySpan(values, tag),
    money: (cents: number | string | null | undefined) => formatCents(cents, locale),
    count: (value: number) => formatCount(value, locale),
  };
}
