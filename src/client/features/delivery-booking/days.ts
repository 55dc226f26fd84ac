/** Calendar arithmetic on `YYYY-MM-DD` strings: delivery days are UTC calendar days. */
import { dayOf } from '../../../shared/schemas/delivery-booking.js';

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The Monday of the week that holds `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days from `monday`. */
export function weekOf(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** 'Mon, Dec 7' in the browser's language, for the calendar day itself whatever the time zone. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Monday, December 7, 2026' in `locale` (a BCP 47 tag), else the browser's language. */
export function longDay(day: string, locale?: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
