import type { AdminOrdersPage, AdminOrdersQuery } from '../../../shared/schemas/admin-orders.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { adminOrderListQueries, toAdminOrderRow } from './list.js';

/** The back office's order operations (issue 5); routes parse and authorise, this holds the rules. */
export function createAdminOrderService({ db }: { db: Db; clock: Clock }) {
  return {
    /** One page of the orders table and the number of orders matching the filter. */
    async list(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
      const { page, total } = adminOrderListQueries(db, query);
      const [rows, [counted]] = await Promise.all([page, total]);
      return { items: rows.map(toAdminOrderRow), total: counted?.total ?? 0 };
    },
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
