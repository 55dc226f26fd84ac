import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminOrdersQuerySchema } from '../../../shared/schemas/admin-orders.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { adminOrderListStatements } from './list.js';

const db = drizzle.mock({ schema }) as unknown as Db;

/** Every filter, sort and paging choice, alone and combined, each with two different values. */
const QUERIES = [
  '',
  'page=3',
  'pageSize=100',
  'sort=orderId:asc',
  'sort=status:desc&page=2',
  'status=PRODUCTION',
  'status=DELIVERED',
  'status=PRODUCTION,DELIVERED',
  'status=PAYMENT_PENDING',
  'dateFrom=2026-01-01',
  'dateFrom=2026-02-01',
  'dateTo=2026-03-31',
  'dateFrom=2026-01-01&dateTo=2026-01-31',
  'payment=paid',
  'payment=unpaid',
  'registration=registered',
  'registration=guest',
  'product=Cabin',
  'product=Studio',
  'q=VH1001',
  'q=ann lee',
  'q=ann&sort=orderDate:asc',
  'q=cabin&product=Studio&status=PRODUCTION&payment=paid&registration=guest&dateFrom=2026-01-01',
  'q=bob&product=Tiny&status=DELIVERED&payment=paid&registration=guest&dateFrom=2026-02-01',
];

const statementsOf = (query: string) =>
  adminOrderListStatements(
    db,
    z.parse(adminOrdersQuerySchema, Object.fromEntries(new URLSearchParams(query))),
  );

describe('the orders list statements, built once per shape', () => {
  it('gives one name to one SQL text, and different texts different names', () => {
    const textByName = new Map<string, string>();
    const nameByText = new Map<string, string>();
    for (const query of QUERIES) {
      for (const { name, text } of Object.values(statementsOf(query))) {
        expect(textByName.get(name) ?? text, query).toBe(text);
        expect(nameByText.get(text) ?? name, query).toBe(name);
        textByName.set(name, text);
        nameByText.set(text, name);
      }
    }
    // Reused across values, not one statement per request.
    expect(textByName.size).toBeLessThan(QUERIES.length * 2);
  });

  it('sends what was asked for as parameters, never inside the SQL text', () => {
    const { page, total } = statementsOf(
      'q=ann lee&product=Cabin&status=PRODUCTION&dateFrom=2026-01-01&dateTo=2026-01-31&page=2&pageSize=25',
    );
    for (const text of [page.text, total.text]) {
      expect(text).not.toMatch(/ann lee|Cabin|PRODUCTION|2026/i);
    }
    expect(page.values).toEqual(
      expect.arrayContaining([
        '%ann lee%',
        '%Cabin%',
        'PRODUCTION',
        'ann lee',
        new Date('2026-01-01T00:00:00Z'),
        new Date('2026-02-01T00:00:00Z'),
        25,
      ]),
    );
    expect(total.values).toEqual(expect.arrayContaining(['%ann lee%', '%Cabin%', 'PRODUCTION']));
  });
});
