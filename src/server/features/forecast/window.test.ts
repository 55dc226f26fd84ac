import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGE_DAYS } from '../../../shared/schemas/forecast.js';
import {
  type DeliveredUnit,
  forecastHistory,
  MIN_HISTORY,
  reachedStages,
  toEstimate,
  windowDays,
} from './window.js';

const DAY = 86_400_000;
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const plus = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

/** A unit placed on `start` that spent 10 days before PRODUCTION, `production` days in it, then 5 more. */
function delivered(itemId: number, start: Date, production: number, product = 'Cabin 400'): DeliveredUnit {
  const enteredProduction = plus(start, 10);
  const scheduled = plus(enteredProduction, production);
  const deliveredAt = plus(scheduled, 5);
  return {
    itemId,
    product,
    deliveredAt,
    reached: reachedStages(
      start,
      [
        { stage: 'SITE_PREP', at: plus(start, 4) },
        { stage: 'PRODUCTION', at: enteredProduction },
        { stage: 'DELIVERY_DATE_CONFIRMED', at: scheduled },
        { stage: 'DELIVERED', at: deliveredAt },
      ],
      deliveredAt,
    ),
  };
}

/** `count` units delivered one a day, production taking 30 to 50 days. */
function history(count: number, product = 'Cabin 400') {
  return Array.from({ length: count }, (_, i) =>
    delivered(i + 1, plus(at('2026-01-01'), i), 30 + (i % 21), product),
  );
}

describe('when a delivered unit reached each stage', () => {
  it('counts a skipped stage from the next one it entered, and a unit sent back from its last pass', () => {
    const start = at('2026-03-01');
    const reached = reachedStages(
      start,
      [
        { stage: 'SITE_PREP', at: plus(start, 5) },
        { stage: 'PRODUCTION', at: plus(start, 8) },
        // Sent back to site preparation, then on again.
        { stage: 'SITE_PREP', at: plus(start, 9) },
        { stage: 'PRODUCTION', at: plus(start, 12) },
        { stage: 'DELIVERED', at: plus(start, 40) },
      ],
      plus(start, 40),
    );
    expect(reached.ORDER_PLACED).toEqual(start);
    // LOCATION_ENABLED … FINANCING_PAYMENT were skipped: they count from the first later stage.
    expect(reached.DOCUMENTS_SIGNING).toEqual(plus(start, 5));
    // Sent back from PRODUCTION, it stayed at SITE_PREP or beyond: its final run there began on day 5.
    expect(reached.SITE_PREP).toEqual(plus(start, 5));
    expect(reached.PRODUCTION).toEqual(plus(start, 12));
    // Never in these before delivery: they count from the delivery itself, which says nothing.
    expect(reached.DELIVERY_DATE_CONFIRMED).toBeUndefined();
    expect(reached.FINAL_DOCUMENTS).toBeUndefined();
  });
});

describe('when a delivered unit reached each stage, with clocks a moment apart', () => {
  it('takes the creation as the start even when stamped after the first status change', () => {
    const start = at('2026-03-01');
    const created = new Date(start.getTime() + 5);
    const reached = reachedStages(
      created,
      [
        { stage: 'PRODUCTION', at: start },
        { stage: 'DELIVERED', at: plus(start, 30) },
      ],
      plus(start, 30),
    );
    expect(reached.SITE_PREP).toEqual(start);
    expect(reached.PRODUCTION).toEqual(start);
  });
});

describe('the delivery window', () => {
  const reachedAt = at('2026-06-10');

  it('rests on the per-stage defaults while fewer than the minimum of delivered units reached the stage', () => {
    const window = windowDays(
      'PRODUCTION',
      reachedAt,
      forecastHistory(history(MIN_HISTORY - 1), 'Cabin 400'),
      DEFAULT_STAGE_DAYS,
    );
    expect(window?.basis).toBe('defaults');
    expect(window?.historyUnits).toBe(0);
    // The typical days of PRODUCTION and the stages after it.
    const typical =
      DEFAULT_STAGE_DAYS.PRODUCTION +
      DEFAULT_STAGE_DAYS.DELIVERY_DATE_CONFIRMED +
      DEFAULT_STAGE_DAYS.FINAL_DOCUMENTS;
    expect(window?.middleDays).toBe(typical);
    expect(window?.lowDays).toBeLessThan(typical);
    expect(window?.highDays).toBeGreaterThan(typical);
  });

  it('rests on the durations of recently delivered units once there are enough', () => {
    const window = windowDays(
      'PRODUCTION',
      reachedAt,
      forecastHistory(history(120), 'Cabin 400'),
      DEFAULT_STAGE_DAYS,
    );
    expect(window?.basis).toBe('history');
    expect(window?.historyUnits).toBe(120);
    // Production took 30–50 days and 5 more followed: the window sits inside 35–55 days.
    expect(window?.lowDays).toBeGreaterThanOrEqual(35);
    expect(window?.highDays).toBeLessThanOrEqual(55);
    expect(window?.middleDays).toBeGreaterThan(42);
    expect(window?.middleDays).toBeLessThan(48);
    const estimate = toEstimate(window as NonNullable<typeof window>, reachedAt);
    expect(estimate).toMatchObject({ basis: 'history', historyUnits: 120 });
    expect(estimate.from).toMatch(/^2026-07-1\d$/);
    expect(estimate.to).toMatch(/^2026-0[78]-\d\d$/);
    expect(estimate.from < estimate.to).toBe(true);
  });

  it('uses the units of the same product when there are enough of them', () => {
    // Offices are built in 10–30 days, cabins in 30–50.
    const offices = Array.from({ length: 60 }, (_, i) =>
      delivered(1000 + i, plus(at('2026-01-01'), i), 10 + (i % 21), 'Backyard Office 120'),
    );
    const mixed = [...history(60), ...offices].sort(
      (a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime(),
    );
    const office = windowDays(
      'PRODUCTION',
      reachedAt,
      forecastHistory(mixed, 'Backyard Office 120'),
      DEFAULT_STAGE_DAYS,
    );
    const cabin = windowDays(
      'PRODUCTION',
      reachedAt,
      forecastHistory(mixed, 'Cabin 400'),
      DEFAULT_STAGE_DAYS,
    );
    const unknown = windowDays(
      'PRODUCTION',
      reachedAt,
      forecastHistory(mixed, 'Garage 90'),
      DEFAULT_STAGE_DAYS,
    );
    expect(office?.historyUnits).toBe(60);
    expect((office?.middleDays ?? 0) + 15).toBeLessThan(cabin?.middleDays ?? 0);
    // A product with too few deliveries of its own gets the window of all products.
    expect(unknown?.historyUnits).toBe(120);
  });

  it('is earlier and narrower for a unit at a later stage', () => {
    const known = forecastHistory(history(120), 'Cabin 400');
    const sitePrep = windowDays('SITE_PREP', reachedAt, known, DEFAULT_STAGE_DAYS);
    const scheduled = windowDays('DELIVERY_DATE_CONFIRMED', reachedAt, known, DEFAULT_STAGE_DAYS);
    expect(scheduled?.highDays).toBeLessThan(sitePrep?.lowDays ?? 0);
    expect((scheduled?.highDays ?? 0) - (scheduled?.lowDays ?? 0)).toBeLessThan(
      (sitePrep?.highDays ?? 0) - (sitePrep?.lowDays ?? 0),
    );
    // The same holds with the defaults.
    const none = forecastHistory([], null);
    const early = windowDays('ORDER_PLACED', reachedAt, none, DEFAULT_STAGE_DAYS);
    const late = windowDays('FINAL_DOCUMENTS', reachedAt, none, DEFAULT_STAGE_DAYS);
    expect(late?.highDays).toBeLessThan(early?.lowDays ?? 0);
    expect((late?.highDays ?? 0) - (late?.lowDays ?? 0)).toBeLessThan(
      (early?.highDays ?? 0) - (early?.lowDays ?? 0),
    );
  });

  it('does not exist for a delivered unit', () => {
    expect(
      windowDays('DELIVERED', reachedAt, forecastHistory(history(120), null), DEFAULT_STAGE_DAYS),
    ).toBeNull();
  });
});
