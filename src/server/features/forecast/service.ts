import { sql } from 'drizzle-orm';
import {
  type DeliveryEstimate,
  type ForecastAccuracy,
  type PastWindow,
  TIMED_STAGES,
  type TimedStage,
} from '../../../shared/schemas/forecast.js';
import type { Stage } from '../../../shared/stages.js';
import { rowsOf } from '../../db/array-param.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  deliveredUnitsSince,
  type OrderEvent,
  statusChangesOfUnits,
  undeliveredUnitsQuery,
} from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { type BacktestOutcome, backtest, backtestOutcomes } from './backtest.js';
import {
  addDays,
  calendarDay,
  type DeliveredUnit,
  daysBetween,
  type ForecastHistory,
  forecastHistory,
  MIN_HISTORY,
  reachedStages,
  SEASON_DAYS,
  toEstimate,
  windowDays,
} from './window.js';

/** The statistics are computed again at the latest after this long (a delivery clears them at once). */
const HISTORY_TTL_MS = 5 * 60_000;
/** The back-test looks at no more than this many of the latest delivered units. */
const BACKTEST_LIMIT = 5000;
/** The late units are looked for again after this long, or at once after any status change. */
const PAST_WINDOW_TTL_MS = 60_000;
/** At most this many late units in the dashboard's list. */
const PAST_WINDOW_LIST = 10;

/** What a unit's estimate is computed from. */
export interface EstimatedUnit {
  id: number;
  status: Stage;
  /** When the unit entered its current stage. */
  statusChangedAt: Date;
  productName: string;
}

interface CachedHistory {
  loadedAt: number;
  delivered: DeliveredUnit[];
  byProduct: Map<string | null, ForecastHistory>;
}

export function createForecastService({
  db,
  clock,
  settings,
}: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
}) {
  let cached: Promise<CachedHistory> | null = null;
  let cachedAt = 0;
  let lateUnits: { day: string; at: number; answer: Promise<PastWindow> } | null = null;
  let outcomes: { at: number; answer: Promise<BacktestOutcome[]> } | null = null;

  /**
   * Delivered units since `since` with their status changes (the latest `limit`), oldest first, each
   * with when it reached every stage: two queries.
   */
  async function loadDelivered(since: Date, limit: number): Promise<DeliveredUnit[]> {
    const units = await deliveredUnitsSince(db, since, limit);
    if (units.length === 0) return [];
    const steps = new Map<number, { stage: Stage; at: Date }[]>();
    const events = await statusChangesOfUnits(
      db,
      units.map((unit) => unit.id),
    );
    for (const event of events) {
      if (event.itemId === null || event.stage === null) continue;
      const list = steps.get(event.itemId) ?? [];
      list.push({ stage: event.stage as Stage, at: event.at });
      steps.set(event.itemId, list);
    }
    return units.reverse().map((unit) => ({
      itemId: unit.id,
      product: unit.product,
      deliveredAt: unit.deliveredAt,
      reached: reachedStages(unit.createdAt, steps.get(unit.id) ?? [], unit.deliveredAt),
    }));
  }

  /** The delivered history of about the last SEASON_DAYS, computed once and kept for HISTORY_TTL_MS. */
  function history(): Promise<CachedHistory> {
    const now = clock.now();
    if (!cached || now.getTime() - cachedAt > HISTORY_TTL_MS) {
      cachedAt = now.getTime();
      cached = loadDelivered(addDays(now, -SEASON_DAYS), BACKTEST_LIMIT).then((delivered) => ({
        loadedAt: now.getTime(),
        delivered,
        byProduct: new Map(),
      }));
      // A failed load is not kept: the next request tries again.
      cached.catch(() => {
        cached = null;
      });
    }
    return cached;
  }

  function historyFor(loaded: CachedHistory, product: string | null): ForecastHistory {
    let found = loaded.byProduct.get(product);
    if (!found) {
      found = forecastHistory(loaded.delivered, product);
      loaded.byProduct.set(product, found);
    }
    return found;
  }

  async function defaults() {
    return (await settings.read('forecast')).stageDefaultDays;
  }

  return {
    /** The delivery window of each unit not yet delivered, by unit id (delivered units have none). */
    async estimates(units: readonly EstimatedUnit[]): Promise<Map<number, DeliveryEstimate>> {
      const result = new Map<number, DeliveryEstimate>();
      const open = units.filter((unit) => unit.status !== 'DELIVERED');
      if (open.length === 0) return result;
      const [loaded, stageDays] = await Promise.all([history(), defaults()]);
      for (const unit of open) {
        const window = windowDays(
          unit.status,
          unit.statusChangedAt,
          historyFor(loaded, unit.productName),
          stageDays,
        );
        if (window) result.set(unit.id, toEstimate(window, unit.statusChangedAt));
      }
      return result;
    },

    /** The back-test of the estimates made when each delivered unit entered PRODUCTION. */
    async accuracy(): Promise<ForecastAccuracy> {
      const [delivered, stageDays] = await Promise.all([
        loadDelivered(new Date(0), BACKTEST_LIMIT),
        defaults(),
      ]);
      return backtest(delivered, stageDays);
    },

    /**
     * The back-test by month of delivery (UTC), for the Insights screen: the units delivered in
     * [start, end) whose product contains `product` (any case), how many landed inside the window made
     * when they entered PRODUCTION, and the mean distance from its middle. The back-test of the latest
     * deliveries is computed once and kept until a delivery or HISTORY_TTL_MS.
     */
    async promisesByMonth(start: Date, end: Date, product: string | null) {
      const now = clock.now().getTime();
      if (!outcomes || now - outcomes.at > HISTORY_TTL_MS) {
        const answer = Promise.all([loadDelivered(new Date(0), BACKTEST_LIMIT), defaults()]).then(
          ([delivered, stageDays]) => backtestOutcomes(delivered, stageDays),
        );
        outcomes = { at: now, answer };
        answer.catch(() => {
          if (outcomes?.answer === answer) outcomes = null;
        });
      }
      const needle = product?.toLowerCase() ?? null;
      const months = new Map<string, { units: number; inside: number; errorDays: number }>();
      for (const outcome of await outcomes.answer) {
        const at = outcome.unit.deliveredAt.getTime();
        if (at < start.getTime() || at >= end.getTime()) continue;
        if (needle !== null && !outcome.unit.product.toLowerCase().includes(needle)) continue;
        const month = outcome.unit.deliveredAt.toISOString().slice(0, 7);
        const sums = months.get(month) ?? { units: 0, inside: 0, errorDays: 0 };
        sums.units++;
        if (outcome.inside) sums.inside++;
        sums.errorDays += outcome.errorDays;
        months.set(month, sums);
      }
      return months;
    },

    /**
     * Units not delivered whose window's last day is before today (UTC), the latest first, and how
     * many there are. The window's end of every stage, month of entry and product with a history of
     * its own goes to the query as a table, so the database finds, sorts and counts the late units.
     */
    pastWindow(): Promise<PastWindow> {
      const now = clock.now();
      const today = calendarDay(now);
      if (!lateUnits || lateUnits.day !== today || now.getTime() - lateUnits.at > PAST_WINDOW_TTL_MS) {
        const answer = findPastWindow(now);
        lateUnits = { day: today, at: now.getTime(), answer };
        answer.catch(() => {
          if (lateUnits?.answer === answer) lateUnits = null;
        });
      }
      return lateUnits.answer;
    },

    /** A delivery (or a unit taken back from DELIVERED) changes the history; any move, the late units. */
    async noteStatusChange(_tx: unknown, event: Extract<OrderEvent, { type: 'units.status_changed' }>) {
      lateUnits = null;
      if (event.changed.some((unit) => unit.to === 'DELIVERED' || unit.from === 'DELIVERED')) {
        cached = null;
        outcomes = null;
      }
    },
    async noteBulkStatusChange(
      _tx: unknown,
      event: Extract<OrderEvent, { type: 'units.bulk_status_changed' }>,
    ) {
      lateUnits = null;
      const delivered = (unit: { from: string; to: string }) =>
        unit.to === 'DELIVERED' || unit.from === 'DELIVERED';
      if (event.orders.some((order) => order.changed.some(delivered))) cached = null;
    },
  };

  async function findPastWindow(now: Date): Promise<PastWindow> {
    const today = calendarDay(now);
    const startOfToday = new Date(`${today}T00:00:00Z`);
    const [loaded, stageDays] = await Promise.all([history(), defaults()]);
    // Two tables, not one with a null product: the planner then knows how many rows each holds. With
    // one table it expected a single all-products row and, on 100 000 orders, read the units once per
    // row of it (4 s on the embedded database; decision 192).
    const allProducts: ReturnType<typeof sql>[] = [];
    const perProduct: ReturnType<typeof sql>[] = [];
    const addBounds = (product: string | null, stage: TimedStage) => {
      const known = historyFor(loaded, product);
      for (let month = 0; month < 12; month++) {
        const window = windowDays(stage, new Date(Date.UTC(2000, month, 15)), known, stageDays);
        if (!window) continue;
        if (product === null) {
          allProducts.push(sql`(${stage}::text, ${month + 1}::int, ${window.highDays}::float8)`);
        } else {
          perProduct.push(
            sql`(${stage}::text, ${product}::text, ${month + 1}::int, ${window.highDays}::float8)`,
          );
        }
      }
    };
    // Every product whose window differs from that of all products: those with enough history.
    const products = [...new Set(loaded.delivered.map((unit) => unit.product))];
    for (const stage of TIMED_STAGES) {
      addBounds(null, stage);
      for (const product of products) {
        if ((historyFor(loaded, product).recent[stage]?.length ?? 0) >= MIN_HISTORY)
          addBounds(product, stage);
      }
    }
    if (allProducts.length === 0) return { units: [], total: 0 };
    const productBounds =
      perProduct.length > 0
        ? sql`values ${sql.join(perProduct, sql`, `)}`
        : sql`select null::text, null::text, null::int, null::float8 where false`;
    const found = rowsOf<{
      id: number;
      item_number: number;
      status: Stage;
      status_changed_at: string | Date;
      order_id: number;
      order_number: string;
      product_name: string;
      total: number;
    }>(
      await db.execute(sql`
          with all_products(stage, month, high_days) as (values ${sql.join(allProducts, sql`, `)}),
          per_product(stage, product, month, high_days) as (${productBounds}),
          open_units as materialized (${undeliveredUnitsQuery()}),
          windows as (
            select u.*, u.status_changed_at
              + coalesce(p.high_days, f.high_days) * interval '1 day' as window_end
            from open_units u
            join all_products f on f.stage = u.status and f.month = u.month
            left join per_product p on p.stage = u.status and p.month = u.month and p.product = u.product_name
          )
          select id, item_number, status, status_changed_at, order_id, order_number, product_name,
            count(*) over () as total
          from windows
          where window_end < ${startOfToday.toISOString()}::timestamptz
          order by window_end, id
          limit ${PAST_WINDOW_LIST}`),
    );
    const units: PastWindow['units'] = [];
    for (const row of found) {
      const reachedAt = new Date(row.status_changed_at);
      const window = windowDays(row.status, reachedAt, historyFor(loaded, row.product_name), stageDays);
      if (!window) continue;
      const estimate = toEstimate(window, reachedAt);
      units.push({
        itemId: Number(row.id),
        itemNumber: Number(row.item_number),
        orderId: Number(row.order_id),
        orderNumber: row.order_number,
        productName: row.product_name,
        status: row.status,
        estimate,
        daysLate: daysBetween(estimate.to, today),
      });
    }
    return { units, total: Number(found[0]?.total ?? 0) };
  }
}

export type ForecastService = ReturnType<typeof createForecastService>;
