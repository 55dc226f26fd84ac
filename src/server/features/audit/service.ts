import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry, AuditFilter, AuditPage, AuditQuery } from '../../../shared/schemas/audit.js';
import type { Db } from '../../db/client.js';
import { type AuditLogEntry, auditLog } from '../../db/schema.js';
import { escapeFormula } from '../../lib/csv.js';
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

function toEntry(row: AuditLogEntry): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    ...(row.changes ? { changes: row.changes } : {}),
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
    row.changes ? JSON.stringify(row.changes) : '',
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
      return { items: rows.map(toEntry), total: counted?.total ?? 0 };
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
