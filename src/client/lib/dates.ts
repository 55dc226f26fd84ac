/**
 * Dates as the reader's language writes them. Without a locale they follow the browser's; screens pass
 * the active language through useFormat() (src/client/lib/use-format.ts).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const madeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter, made once per language and options: making one costs a phone about a millisecond,
 * and a list writes a date on every row.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = madeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    madeFormats.set(key, format);
  }
  return format;
}

/**
 * A stored date as the browser's locale writes it; '' when there is none or it cannot be read. A
 * date without a time ('2025-07-01') is that calendar day here, not midnight UTC, which would show
 * as the day before west of Greenwich.
 */
export function formatDate(value: string | null | undefined, locale?: string): string {
  if (!value) return '';
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale).format(date);
}

/**
 * A window of calendar days ('2026-03-03', '2026-03-17') as the locale writes a range, '3 – 17 March'
 * in English, with the year only when a day falls outside the current year. The days are taken as
 * calendar days here, like formatDate.
 */
export function formatDateRange(from: string, to: string, today = new Date(), locale?: string): string {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (!start || !end) return '';
  const thisYear = today.getFullYear();
  const showYear = start.getFullYear() !== thisYear || end.getFullYear() !== thisYear;
  const format = dateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(showYear && { year: 'numeric' }),
  });
  if (start.getTime() === end.getTime()) return format.format(start);
  // Locales join a range with an en dash, with or without (thin) spaces: one spaced en dash reads best.
  return format.formatRange(start, end).replace(/\s*–\s*/, ' – ');
}

/**
 * The days of several units as one range, earliest to latest ('' when none has a day): how a screen
 * shows an order's delivery, which is derived from its units' own days (decision 239).
 */
export function formatDaySpan(
  values: readonly (string | null | undefined)[],
  today = new Date(),
  locale?: string,
): string {
  const days = values.flatMap((value) => (value ? [value.slice(0, 10)] : [])).sort();
  const first = days[0];
  const last = days[days.length - 1];
  return first && last ? formatDateRange(first, last, today, locale) : '';
}

function calendarDay(value: string): Date | null {
  const dateOnly = DATE_ONLY.exec(value);
  if (!dateOnly) return null;
  return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
}
