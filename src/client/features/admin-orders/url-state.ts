/**
 * The orders page keeps its page, page size, search, sort and filters in the address (`/admin/orders?q=…&page=2`),
 * so a reload, the Back button and a shared link show the same list. Values that do not parse are
 * dropped one by one rather than failing the whole page.
 */
import * as z from 'zod/mini';
import {
  type AdminOrderFilters,
  type AdminOrdersQuery,
  adminOrdersQuerySchema,
} from '../../../shared/schemas/admin-orders.js';
import { DEFAULT_ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZES } from '../../../shared/schemas/staff-preferences.js';

/**
 * The page sizes offered ('Rows per page'). The staff member's own choice, kept on the server
 * (src/client/features/staff-preferences/api.ts), is the default and stays out of the address; a link
 * with another size shows that size (decision 280).
 */
export { DEFAULT_ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZES };

function offeredPageSize(value: string | null, preferred: number): number {
  const size = Number(value);
  return (ORDERS_PAGE_SIZES as readonly number[]).includes(size) ? size : preferred;
}

const FILTER_NAMES = ['status', 'dateFrom', 'dateTo', 'payment', 'registration', 'product'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** The Filter dialog's part of the query (the search box is separate). */
export type DialogFilters = Pick<AdminOrderFilters, FilterName>;

const FIELD_NAMES = ['page', 'q', 'sort', ...FILTER_NAMES] as const;

/** The list query the address describes; without an offered page size, the staff member's own. */
export function queryFromParams(
  params: URLSearchParams,
  preferredPageSize: number = DEFAULT_ORDERS_PAGE_SIZE,
): AdminOrdersQuery {
  const raw: Record<string, string> = {};
  for (const name of FIELD_NAMES) {
    // Several stages arrive as `status=A,B` or as the parameter repeated; both read as one list.
    const value = (name === 'status' ? params.getAll(name).join(',') : params.get(name))?.trim();
    if (!value) continue;
    // Each value is checked alone, so one bad value does not lose the others.
    if (z.safeParse(adminOrdersQuerySchema, { [name]: value }).success) raw[name] = value;
  }
  const parsed = z.parse(adminOrdersQuerySchema, raw);
  return { ...parsed, pageSize: offeredPageSize(params.get('pageSize'), preferredPageSize) };
}

/** The address for a query: defaults are left out so the plain page stays `/admin/orders`. */
export function paramsFromQuery(
  query: AdminOrdersQuery,
  preferredPageSize: number = DEFAULT_ORDERS_PAGE_SIZE,
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const name of FILTER_NAMES) {
    const value = query[name];
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text) params.set(name, text);
  }
  if (query.sort !== 'orderDate:desc') params.set('sort', query.sort);
  if (query.pageSize !== preferredPageSize) params.set('pageSize', String(query.pageSize));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function dialogFilters(query: AdminOrdersQuery): DialogFilters {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, query[name]])) as DialogFilters;
}

/** How many of the Filter dialog's fields are set (shown on the Filter button). */
export function activeFilterCount(query: AdminOrdersQuery): number {
  return FILTER_NAMES.filter((name) => {
    const value = query[name];
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  }).length;
}

/** The filters of a query without paging and sort: what Export sends. */
export function exportFilters(query: AdminOrdersQuery): AdminOrderFilters {
  return { q: query.q, ...dialogFilters(query) };
}
