import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_TOO_LATE_MESSAGE,
  dayOf,
  SLOT_BEFORE_WINDOW_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_TOO_SOON_MESSAGE,
} from '../../../shared/schemas/delivery-booking.js';
import { TIMED_STAGES, type TimedStage } from '../../../shared/schemas/forecast.js';
import type { Stage } from '../../../shared/stages.js';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { auditLog, deliverySlots } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { cookieHeader, openSocket } from '../../test/live-socket.js';
import { createOrderAtStages } from '../orders/index.js';

// 10:00 UTC, so "48 hours ahead" falls inside a day and the day boundaries are easy to reason about.
const start = new Date(Date.UTC(2031, 2, 3, 10, 0, 0));
const clock = manualClock(start);
const day = (offset: number) => dayOf(new Date(start.getTime() + offset * 86_400_000));

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let customerEmail: string;
let other: TestClient;

beforeAll(async () => {
  t = await startTestApp({ clock });
  admin = (await signedInAdmin(t)).client;
  customerEmail = 'booker@example.com';
  customer = (await signedInCustomer(t, customerEmail)).client;
  other = (await signedInCustomer(t, 'someone-else@example.com')).client;
  // Windows that start today, so every day these tests publish is within the unit's promise; the
  // window's own test sets the stages' days it needs.
  expect((await setStageDays({})).status).toBe(200);
});

/** The forecast's default days per stage: 0 for every stage but those given. */
function setStageDays(days: Partial<Record<TimedStage, number>>) {
  const stageDefaultDays = Object.fromEntries(TIMED_STAGES.map((stage) => [stage, days[stage] ?? 0]));
  return admin.post('/api/settings/forecast/batch', { stageDefaultDays });
}

afterAll(async () => {
  await t?.close();
});

let nextOrder = 1;
/** An order of the customer's with one unit per stage; answers its units' ids. */
async function unitsAt(stages: Stage[], email = customerEmail) {
  const { order, items } = await createOrderAtStages(
    t.database.db,
    { orderId: `DB-${nextOrder++}`, productName: 'Cabin 320', email },
    stages.map((stage) => ({ stage })),
    clock.now(),
  );
  return { orderId: order.id, orderNumber: order.orderId, itemIds: items.map((item) => item.id) };
}

async function publish(date: string, capacity: number) {
  const res = await admin.post('/api/admin/delivery-slots', { date, capacity });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; date: string; capacity: number; booked: number };
}

/** The customer's mail whose invitation holds `text`, once it has arrived (mails are sent in the background). */
async function invitationMail(text: string) {
  for (let count = 1; ; count++) {
    await t.mail.waitForMail(customerEmail, count);
    const found = t.mail
      .forAddress(customerEmail)
      .find((mail) => mail.attachments.some((file) => file.content.includes(text)));
    if (found) return found;
  }
}

async function unit(itemId: number) {
  const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, itemId));
  return row;
}

describe('delivery days (staff)', () => {
  it('are admin-only', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/delivery-slots' },
      { method: 'POST', path: '/api/admin/delivery-slots', json: { date: day(30), capacity: 2 } },
      { method: 'DELETE', path: '/api/admin/delivery-slots/1' },
      {
        method: 'POST',
        path: '/api/admin/delivery-slots/batch',
        json: { from: day(200), to: day(206), weekdays: [1], capacity: 2 },
      },
    ]);
    // Nothing was published by the refused calls.
    expect(
      await t.database.db
        .select()
        .from(deliverySlots)
        .where(inArray(deliverySlots.date, [day(30), day(200)])),
    ).toEqual([]);
  });

  it('publishes a range of weekdays in one step: one transaction, one audit entry, days already published skipped', async () => {
    // day(119) is a Monday; day(121), a Wednesday, is published already.
    const existing = await publish(day(121), 9);
    const auditBefore = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'delivery_slots.published'));
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(admin.cookies) });
    try {
      const res = await admin.post('/api/admin/delivery-slots/batch', {
        from: day(119),
        to: day(132),
        weekdays: [1, 2, 3, 4, 5],
        capacity: 3,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const weekdaysOfTwoWeeks = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((offset) => day(119 + offset));
      expect(res.body.items.map((slot: { date: string }) => slot.date)).toEqual(
        weekdaysOfTwoWeeks.filter((date) => date !== existing.date),
      );
      expect(res.body.skipped).toEqual([existing.date]);
      expect(res.body.total).toBe(9);
      for (const slot of res.body.items) expect(slot).toMatchObject({ capacity: 3, booked: 0 });

      const listed = await admin.get(`/api/admin/delivery-slots?from=${day(119)}&to=${day(132)}`);
      expect(listed.body.items.map((slot: { date: string }) => slot.date)).toEqual(weekdaysOfTwoWeeks);
      expect(listed.body.items.find((slot: { date: string }) => slot.date === existing.date).capacity).toBe(
        9,
      );

      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'delivery_slots.published'));
      expect(audit.length - auditBefore.length).toBe(1);
      expect(audit.at(-1)?.changes).toMatchObject({
        from: day(119),
        to: day(132),
        weekdays: [1, 2, 3, 4, 5],
        capacity: 3,
        published: 9,
        skipped: [existing.date],
      });
      const live = await socket.waitFor(
        (m) => (m as unknown as { type: string }).type === 'delivery_slots_changed',
        5000,
      );
      expect([...(live as unknown as { dates: string[] }).dates].sort()).toEqual(
        weekdaysOfTwoWeeks.filter((date) => date !== existing.date),
      );
    } finally {
      socket.ws.terminate();
    }

    // The same range again: every day is there already, nothing changes.
    const again = await admin.post('/api/admin/delivery-slots/batch', {
      from: day(119),
      to: day(132),
      weekdays: [1, 2, 3, 4, 5],
      capacity: 5,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DAYS_ALREADY_PUBLISHED');
  });

  it('publishes a weekly pattern for a number of weeks', async () => {
    // Saturdays for three weeks from the Monday day(140).
    const res = await admin.post('/api/admin/delivery-slots/batch', {
      from: day(140),
      weeks: 3,
      weekdays: [6],
      capacity: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items.map((slot: { date: string }) => slot.date)).toEqual([day(145), day(152), day(159)]);
    expect(res.body.skipped).toEqual([]);
  });

  it('refuses a range that is past, reversed, too long, without a matching weekday or ambiguous, and writes nothing', async () => {
    const before = await t.database.db.select().from(deliverySlots);
    const refused: [unknown, string][] = [
      [{ from: day(-1), to: day(5), weekdays: [1], capacity: 1 }, 'DAY_IN_PAST'],
      [{ from: day(180), to: day(170), weekdays: [1], capacity: 1 }, 'DATE_RANGE_REVERSED'],
      [{ from: day(180), to: day(180 + 366), weekdays: [1], capacity: 1 }, 'DATE_RANGE_TOO_LONG'],
      // day(182) is a Monday: no Sunday in it.
      [{ from: day(182), to: day(182), weekdays: [7], capacity: 1 }, 'NO_DAYS_IN_RANGE'],
      [{ from: day(180), to: day(190), weeks: 2, weekdays: [1], capacity: 1 }, 'VALIDATION_FAILED'],
      [{ from: day(180), weekdays: [1], capacity: 1 }, 'VALIDATION_FAILED'],
      [{ from: day(180), to: day(190), weekdays: [], capacity: 1 }, 'VALIDATION_FAILED'],
      [{ from: day(180), to: day(190), weekdays: [8], capacity: 1 }, 'VALIDATION_FAILED'],
      [{ from: day(180), to: day(190), weekdays: [1], capacity: 0 }, 'VALIDATION_FAILED'],
      [{ from: day(180), weeks: 53, weekdays: [1], capacity: 1 }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of refused) {
      const res = await admin.post('/api/admin/delivery-slots/batch', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await t.database.db.select().from(deliverySlots)).toEqual(before);
  });

  it('are published with a capacity, listed by range with places taken, and refused when invalid', async () => {
    const slot = await publish(day(10), 3);
    expect(slot).toEqual({ id: expect.any(Number), date: day(10), capacity: 3, booked: 0 });

    expect((await admin.post('/api/admin/delivery-slots', { date: day(10), capacity: 1 })).status).toBe(409);
    const invalid = [
      { date: day(11), capacity: 0 },
      { date: day(11), capacity: 1.5 },
      { date: '2031-02-30', capacity: 1 },
      { date: 'tomorrow', capacity: 1 },
      { date: day(-1), capacity: 1 },
    ];
    for (const body of invalid) {
      const res = await admin.post('/api/admin/delivery-slots', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }

    const list = await admin.get(`/api/admin/delivery-slots?from=${day(9)}&to=${day(10)}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [slot], total: 1 });
    expect((await admin.get(`/api/admin/delivery-slots?from=${day(11)}&to=${day(20)}`)).body.items).toEqual(
      [],
    );
    expect((await admin.get(`/api/admin/delivery-slots?from=${day(5)}&to=${day(1)}`)).status).toBe(400);
  });

  it('can be removed while nobody booked them, and not once someone did', async () => {
    const empty = await publish(day(12), 1);
    expect((await admin.request('DELETE', `/api/admin/delivery-slots/${empty.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/delivery-slots/${empty.id}`)).status).toBe(404);

    const taken = await publish(day(13), 2);
    const { itemIds } = await unitsAt(['PRODUCTION']);
    expect(
      (await customer.post(`/api/order-items/${itemIds[0]}/delivery-booking`, { slotId: taken.id })).status,
    ).toBe(200);
    const refused = await admin.request('DELETE', `/api/admin/delivery-slots/${taken.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 booking');
    const list = await admin.get(`/api/admin/delivery-slots?from=${day(13)}&to=${day(13)}`);
    expect(list.body.items[0]).toMatchObject({ id: taken.id, booked: 1, capacity: 2 });
  });
});

describe('booking a delivery day (customer)', () => {
  it('lists only published days at least 48 hours ahead with a free place, for a unit in production or later', async () => {
    const tooSoon = await publish(day(2), 5); // 00:00 UTC in 38 hours
    const first = await publish(day(3), 5); // 00:00 UTC in 62 hours
    const full = await publish(day(4), 1);
    const { itemIds } = await unitsAt(['PRODUCTION', 'PRODUCTION', 'SITE_PREP', 'DELIVERED']);
    const [unitA, unitB, early, delivered] = itemIds as [number, number, number, number];
    expect(
      (await customer.post(`/api/order-items/${unitB}/delivery-booking`, { slotId: full.id })).status,
    ).toBe(200);

    const res = await customer.get(`/api/order-items/${unitA}/delivery-slots`);
    expect(res.status).toBe(200);
    const dates = (res.body.items as { date: string }[]).map((slot) => slot.date);
    expect(dates).toContain(first.date);
    expect(dates).not.toContain(tooSoon.date);
    expect(dates).not.toContain(full.date);
    expect(res.body.booking).toBeNull();

    const soon = await customer.post(`/api/order-items/${unitA}/delivery-booking`, { slotId: tooSoon.id });
    expect(soon.status).toBe(409);
    expect(soon.body.code).toBe('SLOT_TOO_SOON');
    expect(soon.body.message).toBe(SLOT_TOO_SOON_MESSAGE);
    for (const id of [early, delivered]) {
      expect((await customer.get(`/api/order-items/${id}/delivery-slots`)).status).toBe(409);
      expect(
        (await customer.post(`/api/order-items/${id}/delivery-booking`, { slotId: first.id })).status,
      ).toBe(409);
    }
    expect(
      (await customer.post(`/api/order-items/${unitA}/delivery-booking`, { slotId: 999_999 })).status,
    ).toBe(404);
    expect((await customer.post(`/api/order-items/${unitA}/delivery-booking`, { slotId: 'x' })).status).toBe(
      400,
    );
  });

  it('offers a customer no day before the start of the unit’s estimated window, and refuses one', async () => {
    // Production takes 10 days and delivery scheduling 5: a unit entering production today is
    // expected from about day 15 (the window's first day, whatever its spread, is after day 8).
    expect((await setStageDays({ PRODUCTION: 10, DELIVERY_DATE_CONFIRMED: 5 })).status).toBe(200);
    try {
      const before = await publish(day(8), 5);
      const { itemIds } = await unitsAt(['PRODUCTION']);
      const [unit] = itemIds as [number];
      const res = await customer.get(`/api/order-items/${unit}/delivery-slots`);
      expect(res.status).toBe(200);
      const windowFrom = res.body.windowFrom as string;
      expect(windowFrom > before.date).toBe(true);
      expect(res.body.firstDay).toBe(windowFrom);
      const after = await publish(windowFrom, 5);
      const dates = (res.body.items as { date: string }[]).map((slot) => slot.date);
      expect(dates).not.toContain(before.date);
      for (const date of dates) expect(date >= windowFrom).toBe(true);
      expect(
        (
          (await customer.get(`/api/order-items/${unit}/delivery-slots`)).body.items as { date: string }[]
        ).map((slot) => slot.date),
      ).toContain(after.date);

      const early = await customer.post(`/api/order-items/${unit}/delivery-booking`, { slotId: before.id });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: 'SLOT_BEFORE_WINDOW', message: SLOT_BEFORE_WINDOW_MESSAGE });
      const onTime = await customer.post(`/api/order-items/${unit}/delivery-booking`, { slotId: after.id });
      expect(onTime.status).toBe(200);
    } finally {
      expect((await setStageDays({})).status).toBe(200);
    }
  });

  it('sets the date, moves the unit to DELIVERY_DATE_CONFIRMED through the status function and tells staff live', async () => {
    const slot = await publish(day(20), 4);
    const { orderId, itemIds } = await unitsAt(['PRODUCTION', 'FINAL_DOCUMENTS']);
    const [inProduction, beyond] = itemIds as [number, number];
    const staffSocket = await openSocket(t.baseUrl, { cookie: cookieHeader(admin.cookies) });
    try {
      const res = await customer.post(`/api/order-items/${inProduction}/delivery-booking`, {
        slotId: slot.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'DELIVERY_DATE_CONFIRMED',
        deliveryDate: slot.date,
        booking: { slotId: slot.id, date: slot.date, canChange: true },
      });
      const moved = await unit(inProduction);
      expect(moved?.status).toBe('DELIVERY_DATE_CONFIRMED');
      expect(dayOf(moved?.deliveryDate as Date)).toBe(slot.date);
      const events = await t.database.db
        .select()
        .from(eventLogs)
        .where(and(eq(eventLogs.orderItemId, inProduction), eq(eventLogs.stage, 'DELIVERY_DATE_CONFIRMED')));
      expect(events).toHaveLength(1);
      expect(events[0]?.initiatedBy).toMatch(/^customer:\d+$/);
      // The status message every change sends, and the delivery days' own message.
      await staffSocket.waitFor((m) => m.type === 'status_update' && m.orderId === orderId);
      await staffSocket.waitFor(
        (m) =>
          (m as unknown as { type: string; dates: string[] }).type === 'delivery_slots_changed' &&
          (m as unknown as { dates: string[] }).dates.includes(slot.date),
      );

      // A unit already beyond DELIVERY_DATE_CONFIRMED keeps its stage and gets the date.
      const late = await customer.post(`/api/order-items/${beyond}/delivery-booking`, { slotId: slot.id });
      expect(late.status).toBe(200);
      expect(late.body.status).toBe('FINAL_DOCUMENTS');
      const kept = await unit(beyond);
      expect(kept?.status).toBe('FINAL_DOCUMENTS');
      expect(dayOf(kept?.deliveryDate as Date)).toBe(slot.date);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe('DELIVERY_DATE_CONFIRMED');
    } finally {
      staffSocket.close();
    }
  });

  it('mails a confirmation whose .ics invitation is an all-day event on the booked day', async () => {
    const slot = await publish(day(21), 2);
    const { orderNumber, itemIds } = await unitsAt(['PRODUCTION', 'PRODUCTION']);
    const res = await customer.post(`/api/order-items/${itemIds[1]}/delivery-booking`, { slotId: slot.id });
    expect(res.status).toBe(200);
    const summary = `Delivery of Cabin 320 (${orderNumber} · Unit 2)`;
    const mail = await invitationMail(`SUMMARY:${summary}`);
    expect(mail.subject).toContain(summary);
    const ics = mail.attachments.find((file) => file.filename.endsWith('.ics'));
    expect(ics?.contentType).toContain('text/calendar');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics?.content ?? '')).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.summary).toBe(summary);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(slot.date);
  });

  it('20 customers booking the last place of a day at once: exactly one gets it, 19 are told the day is full', async () => {
    const slot = await publish(day(25), 3);
    const taken = await unitsAt(['PRODUCTION', 'PRODUCTION']);
    for (const id of taken.itemIds) {
      expect(
        (await customer.post(`/api/order-items/${id}/delivery-booking`, { slotId: slot.id })).status,
      ).toBe(200);
    }
    // Twenty units of twenty different orders: nothing but the day's row orders the requests.
    const racers = await Promise.all(Array.from({ length: 20 }, () => unitsAt(['PRODUCTION'])));
    const answers = await Promise.all(
      racers.map(({ itemIds }) =>
        customer.post(`/api/order-items/${itemIds[0]}/delivery-booking`, { slotId: slot.id }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body).toEqual({ code: 'SLOT_FULL', message: SLOT_FULL_MESSAGE });
    }
    const list = await admin.get(`/api/admin/delivery-slots?from=${slot.date}&to=${slot.date}`);
    expect(list.body.items[0]).toMatchObject({ capacity: 3, booked: 3 });
    const confirmed = await Promise.all(racers.map(({ itemIds }) => unit(itemIds[0] as number)));
    expect(confirmed.filter((row) => row?.status === 'DELIVERY_DATE_CONFIRMED')).toHaveLength(1);
  });

  it('answers 404 for another customer’s unit and 401 to a visitor', async () => {
    const slot = await publish(day(26), 2);
    const { itemIds } = await unitsAt(['PRODUCTION']);
    const id = itemIds[0];
    expect((await other.get(`/api/order-items/${id}/delivery-slots`)).status).toBe(404);
    expect((await other.post(`/api/order-items/${id}/delivery-booking`, { slotId: slot.id })).status).toBe(
      404,
    );
    expect((await other.post(`/api/order-items/999999/delivery-booking`, { slotId: slot.id })).status).toBe(
      404,
    );
    const visitor = t.client();
    expect((await visitor.get(`/api/order-items/${id}/delivery-slots`)).status).toBe(401);
    expect((await visitor.post(`/api/order-items/${id}/delivery-booking`, { slotId: slot.id })).status).toBe(
      401,
    );
    expect((await unit(id as number))?.status).toBe('PRODUCTION');
  });

  // Last: it moves the shared clock.
  it('moves a booking until 48 hours before the booked day, and refuses with a clear message after', async () => {
    // Close enough that the clock moves less than a session lasts.
    const first = await publish(day(6), 1);
    const second = await publish(day(5), 1);
    const { itemIds } = await unitsAt(['PRODUCTION']);
    const id = itemIds[0] as number;
    expect(
      (await customer.post(`/api/order-items/${id}/delivery-booking`, { slotId: first.id })).status,
    ).toBe(200);
    const move = await customer.post(`/api/order-items/${id}/delivery-booking`, { slotId: second.id });
    expect(move.status).toBe(200);
    expect(move.body.booking.date).toBe(second.date);
    const moved = await invitationMail(`DTSTART;VALUE=DATE:${second.date.replaceAll('-', '')}`);
    expect(moved.attachments[0]?.content).toContain('SEQUENCE:1');
    // The first day's place is free again.
    const days = await admin.get(`/api/admin/delivery-slots?from=${second.date}&to=${first.date}`);
    expect(days.body.items.map((s: { booked: number }) => s.booked)).toEqual([1, 0]);

    // 47 hours before the booked day begins.
    clock.advanceMinutes((Date.parse(`${second.date}T00:00:00Z`) - clock.now().getTime()) / 60_000 - 47 * 60);
    const state = await customer.get(`/api/order-items/${id}/delivery-slots`);
    expect(state.body.booking).toMatchObject({ date: second.date, canChange: false });
    const refused = await customer.post(`/api/order-items/${id}/delivery-booking`, { slotId: first.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('BOOKING_TOO_LATE');
    expect(refused.body.message).toBe(BOOKING_TOO_LATE_MESSAGE);
    expect(dayOf((await unit(id))?.deliveryDate as Date)).toBe(second.date);
  });
});
