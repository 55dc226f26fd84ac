import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoActivity, demoHistory } from './demo-history.js';
import { type DemoPastResult, seedDemoPast } from './demo-past.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from './test/app.js';
import { signedInAdmin } from './test/auth-flow.js';

/** A fixed day, so the figures are the same whatever the day the test runs (a Wednesday). */
const NOW = new Date('2026-11-18T15:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: TestClient;
let seeded: DemoPastResult | null;
const activity = demoActivity(demoHistory({ now: NOW }), { now: NOW });

/** The Monday (UTC) of the week of `at`, as YYYY-MM-DD. */
const weekOf = (at: Date) => {
  const midnight = Math.floor(at.getTime() / DAY) * DAY;
  return new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
};
const inRange = (at: Date) => at.getTime() >= Date.parse('2026-08-27T00:00:00Z') && at < NOW;

beforeAll(async () => {
  t = await startTestApp({ clock: manualClock(NOW) });
  seeded = await seedDemoPast(t.database.db, NOW);
  admin = (await signedInAdmin(t)).client;
});
afterAll(async () => {
  await t?.close();
});

async function rows(chart: string) {
  const res = await admin.get(`/api/admin/insights/${chart}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>[];
}

describe("the demo's past", () => {
  it('writes the history with its messages, deposits and delivery days, once', async () => {
    expect(seeded).toEqual({
      orders: 480,
      units: expect.any(Number),
      messages: activity.messages.length,
      payments: activity.deposits.length,
      deliveryDays: activity.deliveryDays.length,
      bookings: activity.bookings.length,
    });
    expect(activity.messages.length).toBeGreaterThan(2000);
    expect(activity.messages.filter((m) => inRange(m.at)).length).toBeGreaterThan(500);
    expect(activity.bookings.length).toBeGreaterThan(0);
    expect(await seedDemoPast(t.database.db, NOW)).toBeNull();
  });

  it('gives the first-reply chart a wait for every customer message that follows staff or opens', async () => {
    // The waits worked out from the plan: a customer message whose previous one in the order is not.
    const previous = new Map<string, string>();
    const waits = new Map<string, number>();
    for (const message of activity.messages) {
      if (
        message.author === 'customer' &&
        previous.get(message.orderNumber) !== 'customer' &&
        inRange(message.at)
      ) {
        waits.set(weekOf(message.at), (waits.get(weekOf(message.at)) ?? 0) + 1);
      }
      previous.set(message.orderNumber, message.author);
    }
    const chart = await rows('first-reply');
    expect(chart).toHaveLength(13);
    for (const row of chart) expect(row.waits, String(row.week)).toBe(waits.get(String(row.week)) ?? 0);
    const answered = chart.filter((row) => Number(row.answered) > 0);
    expect(answered.length).toBeGreaterThan(10);
    for (const row of answered) {
      expect(Number(row.medianHours)).toBeGreaterThan(0);
      expect(Number(row.p90Hours)).toBeGreaterThanOrEqual(Number(row.medianHours));
    }
  });

  it('gives the deposits chart the paid deposits by week and method', async () => {
    const expected = new Map<string, { count: number; amountCents: number }>();
    for (const deposit of activity.deposits) {
      if (deposit.paymentStatus !== 'paid' || !inRange(deposit.updatedAt)) continue;
      const key = `${weekOf(deposit.updatedAt)} ${deposit.method}`;
      const sums = expected.get(key) ?? { count: 0, amountCents: 0 };
      expected.set(key, { count: sums.count + 1, amountCents: sums.amountCents + deposit.amountCents });
    }
    const chart = await rows('deposits');
    const paid = chart.filter((row) => row.week !== null);
    expect(
      new Map(
        paid.map((row) => [`${row.week} ${row.method}`, { count: row.count, amountCents: row.amountCents }]),
      ),
    ).toEqual(expected);
    expect(new Set(paid.map((row) => row.method))).toEqual(new Set(['card', 'us_bank_account']));
  });

  it('gives the capacity chart the days published and booked in the weeks ahead', async () => {
    const chart = await rows('capacity');
    expect(chart).toHaveLength(8);
    const published = new Map<string, number>();
    for (const day of activity.deliveryDays) {
      const week = weekOf(new Date(`${day.date}T00:00:00Z`));
      published.set(week, (published.get(week) ?? 0) + day.capacity);
    }
    for (const row of chart) expect(row.published).toBe(published.get(String(row.week)));
    const booked = chart.reduce((sum, row) => sum + Number(row.booked), 0);
    expect(booked).toBe(activity.bookings.length);
    for (const row of chart) expect(row.left).toBe(Number(row.published) - Number(row.booked));
    // Each booked unit carries its day, as booking leaves it.
    const dated = await t.database.db.execute(sql`
      select count(*)::int as n from delivery_bookings b
      join delivery_slots s on s.id = b.slot_id
      join order_items i on i.id = b.order_item_id
      where i.delivery_date = (s.date + time '12:00') at time zone 'UTC'`);
    expect((dated as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(activity.bookings.length);
  });
});
