import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { isStaffRole } from '../../../shared/permissions.js';
import {
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  maskChanges,
} from '../../../shared/schemas/audit.js';
import { orderName } from '../../../shared/unit-name.js';
import type { Db } from '../../db/client.js';
import { fullNameOf } from '../../db/full-name.js';
import { type AuditLogEntry, auditLog, users } from '../../db/schema.js';
import { escapeFormula } from '../../lib/csv.js';
import { orderNumbersByIds } from '../orders/index.js';
import { type AuditActor, recordAudit } from './record.js';

/** Rows read per query while streaming the CSV: memory stays flat however long the log is. */
export const AUDIT_EXPORT_BATCH = 1000;

const CSV_COLUMNS = ['ID', 'At', 'Actor ID', 'Actor', 'Action', 'Target type', 'Target ID', 'Changes', 'IP'];

/** `%`, `_` and `\` typed into the filter are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(auditLog.actorEmail, likePattern(filter.actor.toLowerCase())));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  // Whole UTC days, both ends included.
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(lt(auditLog.at, sql`${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day'`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The people and orders a page of entries names, read in two statements (decision 291). */
interface Names {
  users: Map<number, { name: string | null; email: string; staff: boolean }>;
  orders: Map<number, string>;
}

const singleId = (id: string | null) => (id !== null && /^\d+$/.test(id) ? Number(id) : undefined);

/** The order of an entry about one unit (`order_item`), which keeps it as `changes.orderId`. */
function unitOrderId(row: AuditLogEntry): number | undefined {
  const orderId = row.changes?.orderId;
  return row.targetType === 'order_item' && typeof orderId === 'number' ? orderId : undefined;
}

async function namesOf(db: Db, rows: AuditLogEntry[]): Promise<Names> {
  const userIds = new Set<number>();
  const orderIds = new Set<number>();
  for (const row of rows) {
    userIds.add(row.actorId);
    const unitOrder = unitOrderId(row);
    if (unitOrder !== undefined) orderIds.add(unitOrder);
    const id = singleId(row.targetId);
    if (id === undefined) continue;
    if (row.targetType === 'user') userIds.add(id);
    if (row.targetType === 'order') orderIds.add(id);
  }
  const [people, orders] = await Promise.all([
    userIds.size === 0
      ? []
      : db
          .select({
            id: users.id,
            email: users.email,
            role: users.role,
            name: sql<string | null>`${fullNameOf(users.firstName, users.lastName)}`,
          })
          .from(users)
          .where(inArray(users.id, [...userIds])),
    orderNumbersByIds(db, [...orderIds]),
  ]);
  return {
    users: new Map(people.map((p) => [p.id, { name: p.name, email: p.email, staff: isStaffRole(p.role) }])),
    orders,
  };
}

/** A deleted order's name, from what its entry kept. */
function keptOrderName(changes: Record<string, unknown> | null): string | null {
  const order = changes?.order as { orderId?: unknown } | undefined;
  return typeof order?.orderId === 'string' ? orderName(order.orderId) : null;
}

function targetOf(row: AuditLogEntry, names: Names): AuditEntry['target'] {
  const base = { type: row.targetType, id: row.targetId };
  const id = singleId(row.targetId);
  // A unit's entry names its order, kept in its changes.
  const orderId = row.targetType === 'order' ? id : unitOrderId(row);
  if (orderId !== undefined) {
    const number = names.orders.get(orderId);
    return number === undefined
      ? { ...base, name: keptOrderName(row.changes) }
      : { ...base, name: orderName(number), link: { to: 'order', id: String(orderId) } };
  }
  if (row.targetType === 'user' && id !== undefined) {
    const user = names.users.get(id);
    const kept = typeof row.changes?.email === 'string' ? row.changes.email : null;
    if (!user) return { ...base, name: kept };
    return {
      ...base,
      name: user.name ?? user.email,
      link: user.staff ? { to: 'staff', id: String(id) } : { to: 'customer', id: user.email },
    };
  }
  return { ...base, name: row.targetId };
}

function toEntry(row: AuditLogEntry, names: Names): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail, name: names.users.get(row.actorId)?.name ?? null },
    action: row.action,
    target: targetOf(row, names),
    ...(row.changes ? { changes: maskChanges(row.changes) } : {}),
    ip: row.ip,
  };
}

function csvRecord(row: AuditLogEntry): string[] {
  const cells = [
    String(row.id),
    row.at.toISOString(),
    String(row.actorId),
    row.actorEmail,
    row.action,
    row.targetType,
    row.targetId ?? '',
    row.changes ? JSON.stringify(maskChanges(row.changes)) : '',
    row.ip ?? '',
  ];
  // Actor e-mails, targets and changes carry text staff typed: none may run as a formula.
  return cells.map(escapeFormula);
}

/** Reads the log; nothing here (or anywhere) changes or removes an entry. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /** Newest first, paged, with the number of entries matching the filter. */
    async list(query: AuditQuery): Promise<AuditPage> {
      const where = filterWhere(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      const names = await namesOf(db, rows);
      return { items: rows.map((row) => toEntry(row, names)), total: counted?.total ?? 0 };
    },

    /**
     * The entries matching the filter as CSV, newest first, one batch per query (keyset on the id), so
     * neither memory nor a held transaction grows with the log.
     */
    async exportCsv(filter: AuditFilter, actor: AuditActor): Promise<Readable> {
      // Taking a copy of the log is itself on record.
      await recordAudit(db, {
        actor,
        action: 'audit_log.exported',
        target: { type: 'audit_log' },
        changes: { filter },
      });
      const where = filterWhere(filter);
      async function* chunks() {
        yield `\uFEFF${stringify([CSV_COLUMNS])}`;
        let before: number | null = null;
        for (;;) {
          const keyset: SQL | undefined = before === null ? undefined : lt(auditLog.id, before);
          const rows: AuditLogEntry[] = await db
            .select()
            .from(auditLog)
            .where(and(where, keyset))
            .orderBy(desc(auditLog.id))
            .limit(AUDIT_EXPORT_BATCH);
          if (rows.length === 0) return;
          yield stringify(rows.map(csvRecord));
          before = rows[rows.length - 1]?.id ?? null;
          if (rows.length < AUDIT_EXPORT_BATCH) return;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
