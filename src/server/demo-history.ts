/**
 * A made-up but lifelike past for the demo: orders placed over the last two years whose units walked
 * through the stages with varying durations, slower in winter (production and delivery slots are
 * scarcer from November to March). Units whose walk ends after `now` are still on their way. The
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
