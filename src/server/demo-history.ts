/**
 * A made-up but lifelike past for the demo: orders placed over the last two years whose units walked
 * through the stages with varying durations, slower in winter (production and delivery slots are
 * scarcer from November to March). Units whose walk ends after `now` are still on their way. Beside
 * it (`demoActivity`), what went on around those orders: the conversations with their customers, the
 * deposits paid, and the delivery days published for the weeks ahead with the bookings on them. The
 * same seed always gives the same history, so the figures measured on it can be checked by a test.
 */

import type { Stage } from '../shared/stages.js';
import type { HistoricalOrder } from './features/orders/index.js';

const DAY_MS = 86_400_000;
/** The products and how long each takes to build compared with a typical one (bigger is slower). */
const PRODUCTS = [
  { name: 'Studio 240', build: 0.9 },
  { name: 'Cabin 400', build: 1.15 },
  { name: 'Backyard Office 120', build: 0.75 },
  { name: 'Tiny Home 320', build: 1 },
  { name: 'Guest House 500', build: 1.35 },
];
const ZIP_CODES = ['78701', '78702', '78704', '78745'];

/** A small deterministic generator (mulberry32): the demo history is the same on every install. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How much slower a stage runs when it starts in this month (0 = January). */
const WINTER_SLOWDOWN = [1.35, 1.3, 1.15, 1, 1, 1, 1, 1, 1, 1, 1.1, 1.3];

/** Typical days in each stage (median) and how widely they vary (log-normal spread). */
const STAGE_DURATIONS: ReadonlyArray<{ stage: Stage; days: number; spread: number; seasonal: boolean }> = [
  { stage: 'ORDER_PLACED', days: 2, spread: 0.5, seasonal: false },
  { stage: 'LOCATION_ENABLED', days: 4, spread: 0.5, seasonal: false },
  { stage: 'DOCUMENTS_PENDING', days: 4, spread: 0.5, seasonal: false },
  { stage: 'DOCUMENTS_SIGNING', days: 5, spread: 0.5, seasonal: false },
  { stage: 'FINANCING_PAYMENT', days: 7, spread: 0.5, seasonal: false },
  { stage: 'SITE_PREP', days: 14, spread: 0.35, seasonal: true },
  { stage: 'PRODUCTION', days: 42, spread: 0.2, seasonal: true },
  { stage: 'DELIVERY_DATE_CONFIRMED', days: 12, spread: 0.3, seasonal: true },
  { stage: 'FINAL_DOCUMENTS', days: 2, spread: 0.5, seasonal: false },
];

export interface DemoHistoryOptions {
  /** How many orders; about one in six has two units. */
  orders?: number;
  now?: Date;
  /** The first business id is 'VH' plus this number. */
  firstNumber?: number;
  seed?: number;
}

/**
 * Orders placed between about 27 months and a week before `now`, each unit's status changes in time
 * order. With the defaults about 560 units, some 480 of them delivered.
 */
export function demoHistory({
  orders = 480,
  now = new Date(),
  firstNumber = 20001,
  seed = 7,
}: DemoHistoryOptions = {}): HistoricalOrder[] {
  const random = randomSource(seed);
  const normal = () => {
    // Box–Muller: a standard normal from two uniforms.
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const span = 820;
  const history: HistoricalOrder[] = [];
  for (let index = 0; index < orders; index++) {
    // Spread evenly over the span, a little jitter so no two share a day pattern.
    const daysAgo = 7 + ((orders - index) / orders) * span + random() * 2;
    const orderDate = new Date(now.getTime() - daysAgo * DAY_MS);
    const quantity = random() < 1 / 6 ? 2 : 1;
    const product = PRODUCTS[index % PRODUCTS.length] ?? { name: 'Studio 240', build: 1 };
    // About one order in 60 of the last year stopped at site preparation or in the payment stage.
    const stuckAt: Stage | null =
      index % 60 === 17 && daysAgo < 365 ? (index % 120 === 17 ? 'SITE_PREP' : 'FINANCING_PAYMENT') : null;
    const units = Array.from({ length: quantity }, () => {
      const steps: { stage: Stage; at: Date }[] = [];
      // One unit in five goes straight from an enabled location to signing.
      const skipsPending = random() < 0.2;
      const path = STAGE_DURATIONS.filter((step) => !(skipsPending && step.stage === 'DOCUMENTS_PENDING'));
      let at = orderDate.getTime();
      for (const [position, step] of path.entries()) {
        const season = step.seasonal ? (WINTER_SLOWDOWN[new Date(at).getUTCMonth()] ?? 1) : 1;
        const build = step.stage === 'PRODUCTION' ? product.build : 1;
        at += step.days * season * build * Math.exp(step.spread * normal()) * DAY_MS;
        if (at > now.getTime()) break;
        const next = path[position + 1]?.stage ?? 'DELIVERED';
        steps.push({ stage: next, at: new Date(at) });
        // A few units got stuck waiting on a permit or the customer, and are still waiting.
        if (next === stuckAt) break;
      }
      return steps;
    });
    history.push({
      order: {
        orderId: `VH${firstNumber + index}`,
        // Every order has its customer: they write in its conversation and book its delivery day.
        email: `customer-${firstNumber + index}@example.com`,
        productName: product.name,
        orderDate,
        zipCode: ZIP_CODES[index % ZIP_CODES.length] ?? null,
        amount: String(4_500_000 + (index % 20) * 250_000),
        paymentMethod: index % 2 === 0 ? 'card' : 'us_bank_account',
      },
      units,
    });
  }
  return history;
}

const HOUR_MS = 3_600_000;

/** A message of an order's conversation, by its customer or the staff. */
export interface DemoMessage {
  orderNumber: string;
  author: 'customer' | 'staff';
  at: Date;
  text: string;
}

/** A deposit checkout of one unit: paid, or still on its way (a bank payment processing, a card checkout left open). */
export interface DemoDeposit {
  orderNumber: string;
  itemNumber: number;
  amountCents: number;
  method: 'card' | 'us_bank_account';
  paymentStatus: 'paid' | 'processing' | 'unpaid';
  startedAt: Date;
  /** When the payment was settled (or last changed). */
  updatedAt: Date;
}

export interface DemoDeliveryDay {
  /** YYYY-MM-DD */
  date: string;
  capacity: number;
  publishedAt: Date;
}

export interface DemoBooking {
  orderNumber: string;
  itemNumber: number;
  date: string;
  at: Date;
}

export interface DemoActivity {
  messages: DemoMessage[];
  deposits: DemoDeposit[];
  deliveryDays: DemoDeliveryDay[];
  bookings: DemoBooking[];
}

const QUESTIONS = [
  'Hi, is there any news on our order?',
  'Could you tell me when the site visit is planned?',
  'We would like to change the window on the east side. Is that still possible?',
  'The permit came through today, what do you need from us?',
  'Which documents are still missing on our side?',
  'Can we pay the deposit by bank transfer?',
  'Is the delivery truck able to reach a gravel driveway?',
  'How long does production take at the moment?',
  'Do we need to be at home on the delivery day?',
  'Our contractor asks for the foundation drawings. Can you send them?',
];
const FOLLOW_UPS = [
  'Sorry, one more thing: the gate is 11 ft wide.',
  'And could you copy my partner on the next e-mail?',
  'Never mind the first question, we found it in the documents.',
];
const REPLIES = [
  'Thanks for your message! Your unit is on schedule, we will let you know as soon as it moves on.',
  'Good question: yes, that works. I have added a note to your order.',
  'The drawings are attached to your order page now.',
  'The site visit is planned for next week; our surveyor will call you the day before.',
  'Yes, bank transfer works: choose "US bank account" on the payment page.',
  'Production currently takes about six weeks for this model.',
];
const NEWS = [
  'Good news: your unit has gone into production.',
  'Could you upload a photo of the access road to the site?',
  'Your documents are ready to sign on your order page.',
  'We have delivery days open in the coming weeks: you can book yours on the order page.',
];

/**
 * Staff answer from 8:00 to 17:00 in Austin (14:00 to 23:00 UTC), Monday to Friday: the first such
 * moment at or after `at`.
 */
function nextWorkingMoment(at: number): number {
  let moment = at;
  for (let step = 0; step < 14; step++) {
    const date = new Date(moment);
    const hour = date.getUTCHours() + date.getUTCMinutes() / 60;
    const weekday = date.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && hour >= 14 && hour < 23) return moment;
    const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
    moment = hour < 14 ? midnight + 14 * HOUR_MS : midnight + DAY_MS + 14 * HOUR_MS;
  }
  return moment;
}

const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * What went on around `history` (the same `now` as it was made with): a few conversations over each
 * order's life and more in the last 12 weeks (a customer asks, at times twice in a row, and staff reply
 * in their working hours, sometimes after a note of their own; a question near `now` may still wait),
 * a deposit paid by card or bank transfer for every unit that went past the payment stage (checkouts
 * open or processing for some still in it), and delivery days three times a week from the current
 * week's Monday for ten weeks, with the units whose delivery date is confirmed booked on them.
 */
export function demoActivity(
  history: readonly HistoricalOrder[],
  { now = new Date(), seed = 11 }: { now?: Date; seed?: number } = {},
): DemoActivity {
  const random = randomSource(seed);
  const normal = () => {
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const end = now.getTime();
  /** A moment of the customer's day (7:00 to 22:00 in Austin) at or after `at`. */
  const customerMoment = (at: number) => {
    const midnight = Math.floor(at / DAY_MS) * DAY_MS;
    const moment = midnight + (13 + random() * 15) * HOUR_MS;
    return moment < at ? moment + DAY_MS : moment;
  };
  /** Staff take a while to get to a message, then wait for their working hours. */
  const replyMoment = (at: number) => {
    const ready = at + 1.5 * HOUR_MS * Math.exp(0.8 * normal());
    const working = nextWorkingMoment(ready);
    // Messages that came in overnight are answered through the morning.
    return working === ready ? working : working + random() * 2 * HOUR_MS;
  };

  const messages: DemoMessage[] = [];
  const deposits: DemoDeposit[] = [];
  const booked: Array<{ orderNumber: string; itemNumber: number; from: number; at: number }> = [];
  for (const { order, units } of history) {
    const orderNumber = order.orderId;
    const start = order.orderDate.getTime();
    const lasts = units.map((steps) => steps.at(-1));
    const delivered = lasts.every((last) => last?.stage === 'DELIVERED');
    const lastMove = Math.max(start, ...lasts.map((last) => last?.at.getTime() ?? start));
    const life = Math.min(end, delivered ? lastMove + 3 * DAY_MS : end);
    const recentFrom = Math.max(start, end - 84 * DAY_MS);
    const threads = Array.from({ length: Math.floor(random() * 4) }, () => start + random() * (life - start));
    if (life - recentFrom > DAY_MS) {
      const recent = 2 + Math.floor(random() * 3);
      for (let i = 0; i < recent; i++) threads.push(recentFrom + random() * (life - recentFrom));
    }
    threads.sort((a, b) => a - b);
    let free = start;
    for (const thread of threads) {
      let at = Math.max(thread, free);
      const say = (author: DemoMessage['author'], moment: number, text: string) => {
        if (moment >= end) return false;
        messages.push({ orderNumber, author, at: new Date(moment), text });
        free = moment + HOUR_MS;
        return true;
      };
      if (random() < 0.25) {
        const note = nextWorkingMoment(at);
        if (!say('staff', note, pick(NEWS))) break;
        at = note + 6 * HOUR_MS * Math.exp(0.7 * normal());
      }
      let asked = customerMoment(at);
      if (!say('customer', asked, pick(QUESTIONS))) break;
      if (random() < 0.3) {
        asked += (5 + random() * 55) * 60_000;
        if (!say('customer', asked, pick(FOLLOW_UPS))) break;
      }
      if (!say('staff', replyMoment(asked), pick(REPLIES))) break;
    }

    for (const [index, steps] of units.entries()) {
      const itemNumber = index + 1;
      const into = (stage: Stage) => steps.find((step) => step.stage === stage)?.at.getTime();
      const amountCents = Math.round(Number(order.amount) / units.length / 10 / 100) * 100;
      const method = random() < 0.6 ? 'card' : 'us_bank_account';
      const paying = into('FINANCING_PAYMENT');
      const left = into('SITE_PREP');
      const chance = random();
      if (paying !== undefined && left !== undefined) {
        // Paid shortly before staff moved the unit on; a bank payment takes a few days to settle.
        const paidAt = left - random() * Math.min(DAY_MS, (left - paying) / 2);
        const takes = method === 'card' ? random() * 0.5 * HOUR_MS : (3 + random() * 2) * DAY_MS;
        const startedAt = Math.max(paying, paidAt - takes);
        deposits.push({
          orderNumber,
          itemNumber,
          amountCents,
          method,
          paymentStatus: 'paid',
          startedAt: new Date(startedAt),
          updatedAt: new Date(paidAt),
        });
      } else if (paying !== undefined && steps.at(-1)?.stage === 'FINANCING_PAYMENT' && chance < 0.6) {
        const startedAt = paying + random() * (end - paying) * 0.5;
        deposits.push({
          orderNumber,
          itemNumber,
          amountCents,
          method,
          paymentStatus: method === 'card' ? 'unpaid' : 'processing',
          startedAt: new Date(startedAt),
          updatedAt: new Date(startedAt + (method === 'card' ? 0 : 60_000)),
        });
      }
      const last = steps.at(-1);
      const confirmed = into('DELIVERY_DATE_CONFIRMED');
      if (
        confirmed !== undefined &&
        (last?.stage === 'DELIVERY_DATE_CONFIRMED' || last?.stage === 'FINAL_DOCUMENTS')
      ) {
        booked.push({ orderNumber, itemNumber, from: confirmed + 12 * DAY_MS, at: confirmed });
      }
    }
  }
  messages.sort((a, b) => a.at.getTime() - b.at.getTime());

  const midnight = Math.floor(end / DAY_MS) * DAY_MS;
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
  const deliveryDays: DemoDeliveryDay[] = [];
  for (let week = 0; week < 10; week++) {
    for (const weekday of [1, 2, 3]) {
      const day = monday + (week * 7 + weekday) * DAY_MS;
      deliveryDays.push({
        date: dayText(day),
        capacity: 2 + Math.floor(random() * 2),
        publishedAt: new Date(Math.min(end - 2 * DAY_MS, day - 35 * DAY_MS)),
      });
    }
  }
  // Each confirmed unit on the first day with room from its expected delivery (two days' notice).
  const left = new Map(deliveryDays.map((day) => [day.date, day.capacity]));
  const bookings: DemoBooking[] = [];
  for (const unit of booked.sort((a, b) => a.at - b.at)) {
    const earliest = dayText(Math.max(unit.from, end + 2 * DAY_MS));
    const day = deliveryDays.find((d) => d.date >= earliest && (left.get(d.date) ?? 0) > 0);
    if (!day) continue;
    left.set(day.date, (left.get(day.date) ?? 0) - 1);
    bookings.push({
      orderNumber: unit.orderNumber,
      itemNumber: unit.itemNumber,
      date: day.date,
      at: new Date(Math.min(unit.at, end)),
    });
  }
  return { messages, deposits, deliveryDays, bookings };
}
