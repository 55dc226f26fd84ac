import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { PENDING_ACTION_STAGES, STAGES, type Stage } from '../../../shared/stages.js';
import type { Executor } from '../../db/client.js';
import { dashboardFigures } from '../orders/index.js';
import { toAdminOrderRow } from './list.js';

/** Rows in the dashboard's Recent Orders table and in its longest-waiting list. */
export const RECENT_ORDERS_COUNT = 5;
export const LONGEST_WAITING_COUNT = 5;

function countsByStage(rows: { status: Stage; count: number }[]): Map<Stage, number> {
  return new Map(rows.map((row) => [row.status, row.count]));
}

/** The four cards, Recent Orders, units per stage and the units waiting longest: four small queries. */
export async function dashboard(executor: Executor): Promise<Dashboard> {
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
