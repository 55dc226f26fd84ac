import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DeliveryEstimate, ForecastAccuracy, PastWindow } from '../../../shared/schemas/forecast.js';
import { TIMED_STAGES } from '../../../shared/schemas/forecast.js';
import type { Stage } from '../../../shared/stages.js';
import { rowsOf } from '../../db/array-param.js';
import type { Db } from '../../db/client.js';
import { eventLogs, orderItems, orders } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { OrderEvent } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { backtest } from './backtest.js';
import {
  addDays,
  calendarDay,
  type DeliveredUnit,
  daysBetween,
  type ForecastHistory,
  forecastHistory,
  reachedStages,
  SEASON_DAYS,
  toEstimate,
  windowDays,
} from './window.js';

/** The statistics are computed again at the latest after this long (a delivery clears them at once). */
const HISTORY_TTL_MS = 5 * 60_000;
/** The back-test looks at no more than this many of the latest delivered units. */
const BACKTEST_LIMIT = 5000;
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

  /** Delivered units since `since`, newest last, each with when it reached every stage: two queries. */
  async function loadDelivered(since: Date, limit: number): Promise<DeliveredUnit[]> {
    const units = await db
      .select({
        id: orderItems.id,
        createdAt: orderItems.createdAt,
        deliveredAt: orderItems.statusChangedAt,
        product: orders.productName,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.status, 'DELIVERED'), gte(orderItems.statusChangedAt, since)))
      .orderBy(sql`${orderItems.statusChangedAt} desc`)
      .limit(limit);
    if (units.length === 0) return [];
    const steps = new Map<number, { stage: Stage; at: Date }[]>();
    const events = await db
      .select({ itemId: eventLogs.orderItemId, stage: eventLogs.stage, at: eventLogs.timestamp })
      .from(eventLogs)
      .where(
        and(
          eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED'),
          inArray(
            eventLogs.orderItemId,
            units.map((unit) => unit.id),
          ),
        ),
      )
      .orderBy(asc(eventLogs.timestamp), asc(eventLogs.id));
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
     * Units not delivered whose window's last day is before today (UTC), the latest first, and how
     * many there are. The window's end is computed in the query for every product the history
     * knows, so the database returns only the late units.
     */
    async pastWindow(): Promise<PastWindow> {
      const now = clock.now();
      const today = calendarDay(now);
      const startOfToday = new Date(`${today}T00:00:00Z`);
      const [loaded, stageDays] = await Promise.all([history(), defaults()]);
      const products = [null, ...new Set(loaded.delivered.map((unit) => unit.product))];
      const rows: ReturnType<typeof sql>[] = [];
      for (const product of products) {
        const known = historyFor(loaded, product);
        for (const stage of TIMED_STAGES) {
          // The season of the unit's stage entry moves its window; the latest end over the year is
          // the bound here, and each candidate is checked exactly below.
          const high = Math.max(
            ...Array.from({ length: 12 }, (_, month) => {
              const window = windowDays(stage, new Date(Date.UTC(2000, month, 15)), known, stageDays);
              return window?.highDays ?? 0;
            }),
          );
          rows.push(sql`(${stage}::text, ${product}::text, ${high}::float8)`);
        }
      }
      const candidates = rowsOf<{
        id: number;
        item_number: number;
        status: Stage;
        status_changed_at: string | Date;
        order_id: number;
        order_number: string;
        product_name: string;
      }>(
        await db.execute(sql`
          with bounds(stage, product, high_days) as (values ${sql.join(rows, sql`, `)})
          select i.id, i.item_number, i.status, i.status_changed_at, o.id as order_id,
            o.order_id as order_number, o.product_name
          from ${orderItems} i
          join ${orders} o on o.id = i.order_id
          join bounds f on f.stage = i.status and f.product is null
          left join bounds p on p.stage = i.status and p.product = o.product_name
          where i.status <> 'DELIVERED'
            and i.status_changed_at + coalesce(p.high_days, f.high_days) * interval '1 day'
              < ${startOfToday.toISOString()}::timestamptz`),
      );
      const late: PastWindow['units'] = [];
      for (const row of candidates) {
        const reachedAt = new Date(row.status_changed_at);
        const window = windowDays(row.status, reachedAt, historyFor(loaded, row.product_name), stageDays);
        if (!window) continue;
        const estimate = toEstimate(window, reachedAt);
        if (estimate.to >= today) continue;
        late.push({
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
      late.sort((a, b) => b.daysLate - a.daysLate || a.itemId - b.itemId);
      return { units: late.slice(0, PAST_WINDOW_LIST), total: late.length };
    },

    /** A delivery (or a unit taken back from DELIVERED) changes the history: computed again next time. */
    async noteStatusChange(_tx: unknown, event: Extract<OrderEvent, { type: 'units.status_changed' }>) {
      if (event.changed.some((unit) => unit.to === 'DELIVERED' || unit.from === 'DELIVERED')) cached = null;
    },
  };
}

export type ForecastService = ReturnType<typeof createForecastService>;
