import {
  and,
  asc,
  desc,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AdminOrderFilters, AdminOrderSort } from '../../../shared/schemas/admin-orders.js';
import { fullNameOf } from '../../db/full-name.js';
import { orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { stageRankOf } from '../../db/stage-rank.js';
import { ordersErrors } from './errors.js';

/** `%` and `_` typed into the search box are matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a YYYY-MM-DD day in UTC (decision: date filters count days in UTC). */
export function startOfUtcDay(day: string, field: string): Date {
  const match = DATE_ONLY.exec(day);
  const date = new Date(`${day}T00:00:00.000Z`);
  // The regex lets 2026-02-30 through; a real calendar day reads back the same.
  if (!match || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw ordersErrors.INVALID_DATE(`${field}: Not a calendar date`, {
      fields: { [field]: 'Not a calendar date' },
    });
  }
  return date;
}

const DAY_MS = 86_400_000;

/**
 * How a filter's value enters its statement: as it is (a statement built for this request), or as a
 * named placeholder of a statement built once per shape and reused (the list). Every value taken from
 * the request goes through it: one written into the SQL would be reused for other requests.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

const asIs: Bind = (_name, value) => value;

/**
 * The WHERE clause of the list, its count and the export. Every filter is optional;
 * none given means every order. The status filter names one or several stages (the query schema has
 * read the aliases PAYMENT_PENDING and DELIVERY_SCHEDULED as theirs, each stage once) and matches an
 * order whose own status (its least advanced unit) is any of them. `ids` (the export of selected rows) keeps only those orders.
 */
export function orderFilterWhere(filters: AdminOrderFilters, bind: Bind = asIs): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const stages = (filters.status ?? []).map((stage, i) => bind(`stage${i}`, stage));
  if (stages.length > 0) conditions.push(inArray(orders.status, stages));
  const ids = filters.ids?.map((id, i) => bind(`id${i}`, id));
  if (ids) conditions.push(inArray(orders.id, ids));
  const from = filters.dateFrom ? startOfUtcDay(filters.dateFrom, 'dateFrom') : undefined;
  const to = filters.dateTo ? startOfUtcDay(filters.dateTo, 'dateTo') : undefined;
  if (from && to && to < from) {
    throw ordersErrors.DATE_RANGE_REVERSED('dateTo: The end date is before the start date', {
      fields: {
        dateTo: 'The end date is before the start date',
      },
    });
  }
  if (from) conditions.push(gte(orders.orderDate, bind('from', from)));
  // The whole 'to' day is included: everything before the start of the next day.
  if (to) conditions.push(lt(orders.orderDate, bind('before', new Date(to.getTime() + DAY_MS))));
  if (filters.payment === 'paid') conditions.push(sql`coalesce(${orders.transactionId}, '') <> ''`);
  if (filters.payment === 'unpaid') conditions.push(sql`coalesce(${orders.transactionId}, '') = ''`);
  if (filters.registration === 'registered') conditions.push(sql`${orders.userId} is not null`);
  if (filters.registration === 'guest') conditions.push(isNull(orders.userId));
  if (filters.product) {
    conditions.push(ilike(orders.productName, bind('product', containsPattern(filters.product))));
  }
  if (filters.q) {
    const pattern = bind('q', containsPattern(filters.q));
    conditions.push(
      or(
        ilike(orders.orderId, pattern),
        ilike(orders.productName, pattern),
        // = any(array(subquery)), neither a join (the count needs none) nor IN (subquery), which runs
        // row by row: the customers are found once and their orders through orders_user_id_idx, so
        // with the trigram indexes on the id and product the three arms are index scans, not a scan of
        // every order (decision 184).
        sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${or(
          ilike(users.email, pattern),
          ilike(fullNameOf(users.firstName, users.lastName), pattern),
        )}))`,
      ),
    );
  }
  return and(...conditions);
}

/**
 * Every sort ends with the id, so rows with equal keys keep one order from page to page. A search that
 * is exactly an order's id puts that order first: it is the one asked for, however many ids contain it.
 */
export function orderSort(sort: AdminOrderSort, q?: string, bind: Bind = asIs): SQL[] {
  const exactIdFirst = q
    ? [desc(sql`lower(${orders.orderId}) = ${bind('exactId', q.trim().toLowerCase())}`)]
    : [];
  return [...exactIdFirst, ...sortKeys(sort)];
}

function sortKeys(sort: AdminOrderSort): SQL[] {
  switch (sort) {
    case 'orderDate:asc':
      return [asc(orders.orderDate), asc(orders.id)];
    case 'orderId:asc':
      return [asc(orders.orderId), asc(orders.id)];
    case 'orderId:desc':
      return [desc(orders.orderId), desc(orders.id)];
    case 'status:asc':
      return [asc(stageRankOf(orders.status)), asc(orders.id)];
    case 'status:desc':
      return [desc(stageRankOf(orders.status)), desc(orders.id)];
    default:
      return [desc(orders.orderDate), desc(orders.id)];
  }
}
