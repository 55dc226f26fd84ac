/**
 * Dates as the reader's language writes them, in the one format of docs/style-guide.md: the language's
 * medium date ('Jan 26, 2027', '26 janv. 2027'), the same in ranges, and the medium date with the
 * short time for a moment. Without a locale they follow the browser's (the back office); customer
 * screens pass the active language through useFormat() (src/client/lib/use-format.ts).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const madeFormats = new Map<string, Intl.DateTimeFormat>();

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

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
 * A stored date as its day, 'Jul 1, 2025'; '' when there is none or it cannot be read. A date without
 * a time ('2025-07-01') is that calendar day here, not midnight UTC, which would show as the day
 * before west of Greenwich.
 */
export function formatDate(value: string | null | undefined, locale?: string): string {
  if (!value) return '';
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, DAY).format(date);
}

/** A moment, its day and time of day here: 'Jul 1, 2025, 3:05 PM'; '' when it cannot be read. */
export function formatDateTime(value: string, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale, MOMENT).format(date);
}

/**
 * A window of calendar days ('2026-03-03', '2026-03-17') in the same medium format, written as the
 * language writes a range: 'Mar 3 – 17, 2026', 'Feb 25 – Apr 26, 2027'. The days are taken as
 * calendar days here, like formatDate.
 */
export function formatDateRange(from: string, to: string, locale?: string): string {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (!start || !end) return '';
  const format = dateTimeFormat(locale, DAY);
  if (start.getTime() === end.getTime()) return format.format(start);
  // Locales join a range with an en dash, with or without (thin) spaces: one spaced en dash reads best.
  return format.formatRange(start, end).replace(/\s*–\s*/, ' – ');
}

/**
 * The days of several units as one range, earliest to latest ('' when none has a day): how a screen
 * shows an order's delivery, which is derived from its units' own days (decision 239).
 */
export function formatDaySpan(values: readonly (string | null | undefined)[], locale?: string): string {
  const days = values.flatMap((value) => (value ? [value.slice(0, 10)] : [])).sort();
  const first = days[0];
  const last = days[days.length - 1];
  return first && last ? formatDateRange(first, last, locale) : '';
}

function calendarDay(value: string): Date | null {
  const dateOnly = DATE_ONLY.exec(value);
  if (!dateOnly) return null;
  return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
}
