/** Dates in the browser's locale, so each customer reads them the way they are used to. */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A stored date as the browser's locale writes it; '' when there is none or it cannot be read. A
 * date without a time ('2025-07-01') is that calendar day here, not midnight UTC, which would show
 * as the day before west of Greenwich.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}
