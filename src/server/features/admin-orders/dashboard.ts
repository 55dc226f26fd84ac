import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { PENDING_ACTION_STAGES, STAGES, type Stage } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { dashboardFigures } from '../orders/index.js';
import { toAdminOrderRow } from './list.js';

/** Rows in the dashboard's Recent Orders table and in its longest-waiting list. */
export const RECENT_ORDERS_COUNT = 5;
export const LONGEST_WAITING_COUNT = 5;

function countsByStage(rows: { status: Stage; count: number }[]): Map<Stage, number> {
  return new Map(rows.map((row) => [row.status, row.count]));
}

/** The four cards, Recent Orders, units per stage and the units waiting longest: four small queries. */
async function dashboard(executor: Executor): Promise<Dashboard> {
  const { orderCounts, recent, unitCounts, waiting } = await dashboardFigures(
    executor,
    RECENT_ORDERS_COUNT,
    LONGEST_WAITING_COUNT,
  );
  const byStage = countsByStage(orderCounts);
  const units = countsByStage(unitCounts);
  const ordersIn = (stages: readonly Stage[]) => stages.reduce((sum, s) => sum + (byStage.get(s) ?? 0), 0);
  return {
    totalOrders: ordersIn(STAGES),
    pendingActions: ordersIn(PENDING_ACTION_STAGES),
    inProduction: ordersIn(['PRODUCTION']),
    delivered: ordersIn(['DELIVERED']),
    recentOrders: recent.map(toAdminOrderRow),
    unitsPerStage: STAGES.map((stage) => ({ stage, count: units.get(stage) ?? 0 })),
    longestWaiting: waiting.map((unit) => ({ ...unit, since: unit.since.toISOString() })),
  };
}

/**
 * How long an answer is kept when nothing announced a change: a customer's name or e-mail changed, a
 * change made on another instance before its live message arrived (or one that sends none: an order
 * created, edited or deleted there).
 */
const KEPT_MS = 2_000;
/**
 * The orders module announces a change inside its transaction, before it commits: for this long
 * after, answers are computed but not kept, so none read just before the commit outlives it.
 */
const QUIET_AFTER_CHANGE_MS = 2_000;

/**
 * The dashboard's answer as JSON text, kept in memory between changes (decision 320): under ten staff
 * on the landing page, the same figures were computed and serialised hundreds of times a second.
 * Dropped when the orders module announces a unit moved, an order arrived, or orders were edited or
 * deleted (`noteOrderChange`, in the writer's transaction), and when a committed status change
 * reaches this instance from any instance (`noteCommittedChange`, from the live bus); kept at most
 * KEPT_MS otherwise. Concurrent requests share one computation.
 */
export function createKeptDashboard(executor: Executor, clock: Clock) {
  let kept: { at: number; text: Promise<string> } | null = null;
  let quietUntil = 0;
  return {
    read(): Promise<string> {
      const now = clock.now().getTime();
      if (kept && now - kept.at <= KEPT_MS) return kept.text;
      const text = dashboard(executor).then((figures) => JSON.stringify(figures));
      const entry = { at: now, text };
      kept = now >= quietUntil ? entry : null;
      text.catch(() => {
        if (kept === entry) kept = null;
      });
      return text;
    },
    /** Orders or units were written, in the writer's transaction (not yet committed). */
    async noteOrderChange(): Promise<void> {
      kept = null;
      quietUntil = clock.now().getTime() + QUIET_AFTER_CHANGE_MS;
    },
    /** A status change committed, on this instance or another. */
    noteCommittedChange(): void {
      kept = null;
    },
  };
}
