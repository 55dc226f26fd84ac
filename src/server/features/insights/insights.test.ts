import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_CHARTS, INSIGHT_COLUMNS, type InsightChart } from '../../../shared/schemas/insights.js';
import { STAGES, type Stage } from '../../../shared/stages.js';
import { eventLogs, orderItems } from '../../db/schema/orders.js';
import { deliveryBookings, deliverySlots, orderMessages, paymentSessions, users } from '../../db/schema.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/auth-flow.js';
import { seedOrder } from '../orders/index.js';

/**
 * A small known history, every figure worked out by hand below. Today is Monday 2 March 2026, noon
 * UTC; the range asked is 2 February (a Monday) to 1 March: four weeks, starting 2, 9, 16 and 23 Feb.
 *
 * - A (Cabin 400), created 20 Jan: ORDER_PLACED → LOCATION_ENABLED 3 Feb 12:00, → PRODUCTION 5 Feb
 *   12:00, → DELIVERED 17 Feb 12:00.
 * - B (Studio 240), created 10 Feb: ORDER_PLACED → PRODUCTION 12 Feb; still there.
 * - C (Cabin 400), created 1 Jan straight at FINANCING_PAYMENT (a bulk load, no changes), since 25 Feb 12:00.
 * - D (Cabin 400), created 5 Jan: ORDER_PLACED → LOCATION_ENABLED 15 Jan, → DOCUMENTS_PENDING 20 Feb.
 * - E (Barn 300), a history loaded on 25 Feb: its row is younger than its one change, ORDER_PLACED →
 *   PRODUCTION on 10 Feb. It starts on 10 Feb; how long it spent in ORDER_PLACED is unknown.
 */
const NOW = new Date('2026-03-02T12:00:00Z');
const RANGE = '?from=2026-02-02&to=2026-03-01';
const at = (text: string) => new Date(`${text}Z`);

let t: TestApp;
let admin: TestClient;
const units: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
const orderIds: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };

async function unit(
  key: keyof typeof units,
  product: string,
  createdAt: string,
  status: Stage,
  changedAt: string,
  moves: [string, Stage, Stage][],
) {
  const db = t.database.db;
  const { order } = await seedOrder(db, { orderId: `VH-${key}`, productName: product, quantity: 1 });
  const [item] = await db
    .update(orderItems)
    .set({ createdAt: at(createdAt), status, statusChangedAt: at(changedAt) })
    .where(eq(orderItems.orderId, order.id))
    .returning();
  if (!item) throw new Error('no unit');
  units[key] = item.id;
  orderIds[key] = order.id;
  for (const [when, from, to] of moves) {
    await db.insert(eventLogs).values({
      orderId: order.id,
      orderItemId: item.id,
      timestamp: at(when),
      stage: to,
      type: 'ORDER_ITEM_STATUS_UPDATED',
      data: {
        type: 'ORDER_ITEM_STATUS_UPDATED',
        itemNumber: 1,
        orderItemId: item.id,
        oldStatus: from,
        status: to,
      },
      initiatedBy: 'system',
    });
  }
}

beforeAll(async () => {
  t = await startTestApp({ clock: manualClock(NOW) });
  admin = (await signedInAdmin(t)).client;
  const db = t.database.db;
  await unit('A', 'Cabin 400', '2026-01-20T00:00:00', 'DELIVERED', '2026-02-17T12:00:00', [
    ['2026-02-03T12:00:00', 'ORDER_PLACED', 'LOCATION_ENABLED'],
    ['2026-02-05T12:00:00', 'LOCATION_ENABLED', 'PRODUCTION'],
    ['2026-02-17T12:00:00', 'PRODUCTION', 'DELIVERED'],
  ]);
  await unit('B', 'Studio 240', '2026-02-10T00:00:00', 'PRODUCTION', '2026-02-12T00:00:00', [
    ['2026-02-12T00:00:00', 'ORDER_PLACED', 'PRODUCTION'],
  ]);
  await unit('C', 'Cabin 400', '2026-01-01T00:00:00', 'FINANCING_PAYMENT', '2026-02-25T12:00:00', []);
  await unit('D', 'Cabin 400', '2026-01-05T00:00:00', 'DOCUMENTS_PENDING', '2026-02-20T00:00:00', [
    ['2026-01-15T00:00:00', 'ORDER_PLACED', 'LOCATION_ENABLED'],
    ['2026-02-20T00:00:00', 'LOCATION_ENABLED', 'DOCUMENTS_PENDING'],
  ]);
  await unit('E', 'Barn 300', '2026-02-25T00:00:00', 'PRODUCTION', '2026-02-10T00:00:00', [
    ['2026-02-10T00:00:00', 'ORDER_PLACED', 'PRODUCTION'],
  ]);

  // Deposits: two card payments in the week of 2 Feb (A, D), a bank one in the week of 9 Feb (B);
  // one paid before the range and one never paid count for nothing.
  const payment = (
    key: keyof typeof units,
    n: number,
    amount: number,
    method: string,
    status: string,
    when: string,
  ) => ({
    sessionId: `cs_${key}_${n}`,
    provider: 'test' as const,
    orderId: orderIds[key],
    orderItemId: units[key],
    amount,
    paymentStatus: status,
    paymentMethodTypes: [method],
    updatedAt: at(when),
  });
  await db
    .insert(paymentSessions)
    .values([
      payment('A', 1, 500_000, 'card', 'paid', '2026-02-04T10:00:00'),
      payment('D', 1, 100_000, 'card', 'paid', '2026-02-05T10:00:00'),
      payment('B', 1, 250_000, 'us_bank_account', 'paid', '2026-02-11T10:00:00'),
      payment('D', 2, 999_000, 'card', 'paid', '2026-01-20T10:00:00'),
      payment('C', 1, 300_000, 'card', 'unpaid', '2026-02-26T10:00:00'),
    ]);

  // Conversations: A waits 4 h (3 Feb) then 24 h (10 Feb, two customer messages before the reply);
  // B's wait of 16 Feb is not answered; D's wait began before the range.
  const message = (key: keyof typeof units, authorKind: 'customer' | 'staff', when: string) => ({
    orderId: orderIds[key],
    authorKind,
    text: 'hello',
    createdAt: at(when),
  });
  for (const row of [
    message('D', 'customer', '2026-01-30T10:00:00'),
    message('A', 'customer', '2026-02-03T09:00:00'),
    message('A', 'staff', '2026-02-03T13:00:00'),
    message('D', 'staff', '2026-02-04T10:00:00'),
    message('A', 'customer', '2026-02-10T10:00:00'),
    message('A', 'customer', '2026-02-10T11:00:00'),
    message('A', 'staff', '2026-02-11T10:00:00'),
    message('B', 'customer', '2026-02-16T08:00:00'),
  ]) {
    await db.insert(orderMessages).values(row);
  }

  // Delivery days ahead: 4 + 2 places in the week of 2 March, 3 in the week of 9 March; B books the
  // 3rd, C the 10th.
  const [customer] = await db
    .insert(users)
    .values({ email: 'booker@example.com', role: 'USER', verified: true })
    .returning();
  const slots = await db
    .insert(deliverySlots)
    .values([
      { date: '2026-03-03', capacity: 4 },
      { date: '2026-03-05', capacity: 2 },
      { date: '2026-03-10', capacity: 3 },
    ])
    .returning();
  const slot = (date: string) => slots.find((s) => s.date === date)?.id ?? 0;
  await db.insert(deliveryBookings).values([
    { slotId: slot('2026-03-03'), orderItemId: units.B, userId: customer?.id ?? 0 },
    { slotId: slot('2026-03-10'), orderItemId: units.C, userId: customer?.id ?? 0 },
  ]);
});

afterAll(async () => {
  await t?.close();
});

async function rows(chart: InsightChart, query = RANGE) {
  const res = await admin.get(`/api/admin/insights/${chart}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>[];
}

const WEEKS = ['2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23'];

/** Every stage of a week with zero units but the ones named. */
function flowWeek(week: string, counts: Partial<Record<Stage, number>>) {
  return STAGES.map((stage) => ({ week, stage, units: counts[stage] ?? 0 }));
}

describe('insights on a known history', () => {
  it('flow: units in each stage at the end of each week', async () => {
    expect(await rows('flow')).toEqual([
      ...flowWeek('2026-02-02', { PRODUCTION: 1, FINANCING_PAYMENT: 1, LOCATION_ENABLED: 1 }),
      ...flowWeek('2026-02-09', { PRODUCTION: 3, FINANCING_PAYMENT: 1, LOCATION_ENABLED: 1 }),
      ...flowWeek('2026-02-16', { DELIVERED: 1, PRODUCTION: 2, FINANCING_PAYMENT: 1, DOCUMENTS_PENDING: 1 }),
      ...flowWeek('2026-02-23', { DELIVERED: 1, PRODUCTION: 2, FINANCING_PAYMENT: 1, DOCUMENTS_PENDING: 1 }),
    ]);
    // E counts from its change on 10 Feb, not from its row's 25 Feb.
    expect(await rows('flow', `${RANGE}&product=barn`)).toEqual([
      ...flowWeek('2026-02-02', {}),
      ...flowWeek('2026-02-09', { PRODUCTION: 1 }),
      ...flowWeek('2026-02-16', { PRODUCTION: 1 }),
      ...flowWeek('2026-02-23', { PRODUCTION: 1 }),
    ]);
    expect(await rows('flow', `${RANGE}&product=cabin`)).toEqual([
      ...flowWeek('2026-02-02', { PRODUCTION: 1, FINANCING_PAYMENT: 1, LOCATION_ENABLED: 1 }),
      ...flowWeek('2026-02-09', { PRODUCTION: 1, FINANCING_PAYMENT: 1, LOCATION_ENABLED: 1 }),
      ...flowWeek('2026-02-16', { DELIVERED: 1, FINANCING_PAYMENT: 1, DOCUMENTS_PENDING: 1 }),
      ...flowWeek('2026-02-23', { DELIVERED: 1, FINANCING_PAYMENT: 1, DOCUMENTS_PENDING: 1 }),
    ]);
  });

  it('throughput: units entering production and delivered per week', async () => {
    expect(await rows('throughput')).toEqual([
      { week: WEEKS[0], production: 1, delivered: 0 },
      { week: WEEKS[1], production: 2, delivered: 0 },
      { week: WEEKS[2], production: 0, delivered: 1 },
      { week: WEEKS[3], production: 0, delivered: 0 },
    ]);
  });

  it('stage durations: median and 90th percentile of the stays that ended, against the range before', async () => {
    const empty = { stays: 0, medianDays: null, p90Days: null, previousMedianDays: null, changeDays: null };
    const expected = STAGES.filter((stage) => stage !== 'DELIVERED').map((stage) => ({ stage, ...empty }));
    const set = (stage: Stage, values: object) => {
      const row = expected.find((r) => r.stage === stage);
      if (row) Object.assign(row, values);
    };
    // ORDER_PLACED: A 14.5 days (20 Jan → 3 Feb 12:00), B 2 days; D's 10 days ended in January.
    set('ORDER_PLACED', {
      stays: 2,
      medianDays: 8.25,
      p90Days: 13.25,
      previousMedianDays: 10,
      changeDays: -1.75,
    });
    // LOCATION_ENABLED: A 2 days, D 36 days (15 Jan → 20 Feb); p90 = 2 + 0.9 × 34.
    set('LOCATION_ENABLED', { stays: 2, medianDays: 19, p90Days: 32.6 });
    set('PRODUCTION', { stays: 1, medianDays: 12, p90Days: 12 });
    expect(await rows('stage-durations')).toEqual(expected);

    const cabin = await rows('stage-durations', `${RANGE}&product=CABIN`);
    expect(cabin[0]).toEqual({
      stage: 'ORDER_PLACED',
      stays: 1,
      medianDays: 14.5,
      p90Days: 14.5,
      previousMedianDays: 10,
      changeDays: 4.5,
    });
    // E's stay in ORDER_PLACED has no known start: it is not counted.
    const barn = await rows('stage-durations', `${RANGE}&product=barn`);
    expect(barn[0]).toEqual({ stage: 'ORDER_PLACED', ...empty });
  });

  it('promises: the back-test of the window made at PRODUCTION, by month of delivery', async () => {
    // A entered PRODUCTION on 5 Feb with no history: the defaults' window (PRODUCTION 45 + DELIVERY_DATE_CONFIRMED
    // 14 + FINAL_DOCUMENTS 3 = 62 days in the middle) is far from its 12 days.
    expect(await rows('promises')).toEqual([
      { month: '2026-02', units: 1, inside: 0, coverage: 0, meanAbsoluteErrorDays: 50 },
      // The range's last day, 1 March, opens a month with nothing delivered yet.
      { month: '2026-03', units: 0, inside: 0, coverage: null, meanAbsoluteErrorDays: null },
    ]);
  });

  it('waiting: units not delivered, on whom they wait and for how long', async () => {
    const expected = STAGES.filter((stage) => stage !== 'DELIVERED').map((stage) => ({
      stage,
      waitingOn: ['LOCATION_ENABLED', 'DOCUMENTS_PENDING', 'DOCUMENTS_SIGNING', 'FINANCING_PAYMENT'].includes(
        stage,
      )
        ? 'customer'
        : 'company',
      units: 0,
      medianDays: null as number | null,
      p90Days: null as number | null,
    }));
    const set = (stage: Stage, days: number) => {
      const row = expected.find((r) => r.stage === stage);
      if (row) Object.assign(row, { units: 1, medianDays: days, p90Days: days });
    };
    set('PRODUCTION', 18.5);
    // B 18.5 days and E 20.5 days in production: median 19.5, p90 18.5 + 0.9 × 2.
    Object.assign(expected.find((r) => r.stage === 'PRODUCTION') ?? {}, {
      units: 2,
      medianDays: 19.5,
      p90Days: 20.3,
    });
    set('FINANCING_PAYMENT', 5);
    set('DOCUMENTS_PENDING', 10.5);
    expect(await rows('waiting')).toEqual(expected);
  });

  it('first reply: waits started per week and the hours to the first staff answer', async () => {
    expect(await rows('first-reply')).toEqual([
      { week: WEEKS[0], waits: 1, answered: 1, medianHours: 4, p90Hours: 4 },
      { week: WEEKS[1], waits: 1, answered: 1, medianHours: 24, p90Hours: 24 },
      { week: WEEKS[2], waits: 1, answered: 0, medianHours: null, p90Hours: null },
      { week: WEEKS[3], waits: 0, answered: 0, medianHours: null, p90Hours: null },
    ]);
  });

  it('deposits: paid per week and method, and the units still owing one', async () => {
    expect(await rows('deposits')).toEqual([
      { week: WEEKS[0], method: 'card', count: 2, amountCents: 600_000 },
      { week: WEEKS[1], method: 'us_bank_account', count: 1, amountCents: 250_000 },
      { week: null, method: 'due', count: 1, amountCents: null },
    ]);
    expect(await rows('deposits', `${RANGE}&product=cabin`)).toEqual([
      { week: WEEKS[0], method: 'card', count: 2, amountCents: 600_000 },
      { week: null, method: 'due', count: 1, amountCents: null },
    ]);
  });

  it('capacity: the eight weeks ahead, places published, booked and left', async () => {
    const ahead = ['03-02', '03-09', '03-16', '03-23', '03-30', '04-06', '04-13', '04-20'].map(
      (d) => `2026-${d}`,
    );
    const expected = ahead.map((week) => ({ week, published: 0, booked: 0, left: 0 }));
    Object.assign(expected[0] ?? {}, { published: 6, booked: 1, left: 5 });
    Object.assign(expected[1] ?? {}, { published: 3, booked: 1, left: 2 });
    expect(await rows('capacity')).toEqual(expected);
    const cabin = await rows('capacity', '?product=cabin');
    expect(cabin.slice(0, 2)).toEqual([
      { week: ahead[0], published: 6, booked: 0, left: 5 },
      { week: ahead[1], published: 3, booked: 1, left: 2 },
    ]);
  });

  it('answers each chart as CSV with the same rows as its table', async () => {
    for (const chart of INSIGHT_CHARTS) {
      const json = await rows(chart);
      const res = await admin.request('GET', `/api/admin/insights/${chart}${RANGE}`, {
        headers: { accept: 'text/csv' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (res.body as string).trimEnd().split('\r\n');
      expect(lines[0]).toBe(INSIGHT_COLUMNS[chart].join(','));
      const expected = json.map((row) =>
        INSIGHT_COLUMNS[chart].map((column) => (row[column] === null ? '' : String(row[column]))).join(','),
      );
      expect(lines.slice(1), chart).toEqual(expected);
      const link = await admin.get(`/api/admin/insights/${chart}${RANGE}&format=csv`);
      expect(link.body).toBe(res.body);
      expect(link.headers.get('content-disposition')).toContain(`insights-${chart}.csv`);
    }
  });

  it('answers a kept chart again once a unit moves', async () => {
    const before = await rows('waiting');
    expect(before.find((row) => row.stage === 'FINANCING_PAYMENT')?.units).toBe(1);
    await t.database.db.transaction((tx) =>
      t.app.services.orders.changeStatus(
        tx,
        {
          orderId: orderIds.C,
          to: 'SITE_PREP',
          rule: 'set',
          actor: { kind: 'system' },
          notifyCustomer: false,
        },
        NOW,
      ),
    );
    const after = await rows('waiting');
    expect(after.find((row) => row.stage === 'FINANCING_PAYMENT')?.units).toBe(0);
    expect(after.find((row) => row.stage === 'SITE_PREP')?.units).toBe(1);
  });

  it('refuses a range that ends before it starts, or a chart it does not know', async () => {
    const backwards = await admin.get('/api/admin/insights/flow?from=2026-03-01&to=2026-02-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('INSIGHTS_RANGE_INVALID');
    expect((await admin.get('/api/admin/insights/nope')).status).toBe(400);
  });
});

describe('who may read insights', () => {
  it('admins and operations may; visitors, customers, support and viewers may not', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/admin/insights/flow')).status).toBe(401);
    const customer = (await signedInCustomer(t, 'insights-customer@example.com')).client;
    expect((await customer.get('/api/admin/insights/flow')).status).toBe(403);
    for (const role of ['SUPPORT', 'VIEWER'] as const) {
      const staff = (await signedInStaff(t, role)).client;
      for (const chart of INSIGHT_CHARTS) {
        expect((await staff.get(`/api/admin/insights/${chart}`)).status, `${role} ${chart}`).toBe(403);
      }
    }
    const operations = (await signedInStaff(t, 'OPERATIONS')).client;
    expect((await operations.get('/api/admin/insights/flow')).status).toBe(200);
  });
});
