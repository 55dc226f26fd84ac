import { and, eq, sql } from 'drizzle-orm';
import { counted } from '../../../shared/plural.js';
import type { AdminOrderFilters } from '../../../shared/schemas/admin-orders.js';
import type { BulkJobRequest, BulkJobStarted, BulkJobView } from '../../../shared/schemas/bulk-jobs.js';
import { STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { rowsOf } from '../../db/array-param.js';
import { isEmbedded } from '../../db/client.js';
import { type BulkJob, bulkJobs } from '../../db/schema.js';
import { publishToStaff } from '../../live/publish.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { countOrdersMatching, lockOrdersMatching, type OrderChangeDeps } from '../orders/index.js';
import { adminOrdersErrors } from './errors.js';
import { exportOrdersCsv } from './export.js';

/**
 * Orders per statement of a job: the progress moves after each, and one statement's arrays stay small.
 * The whole job is still one transaction.
 */
export const BULK_CHUNK = 2000;

/** At most one progress report a job in this many milliseconds, besides its last. */
const PROGRESS_EVERY_MS = 250;

/** How far a running job has come, as its listeners hear it. */
export interface BulkJobProgress {
  jobId: number;
  done: number;
  total: number;
}

/** The key (with the job's id) of the advisory lock a job's transaction holds while it runs. */
const JOB_LOCK_SPACE = 285;

/** What a job cut off by a stop says, by action (decision 286). */
const ROLLED_BACK: Record<BulkJob['action'], string> = {
  status:
    'The server stopped before this job finished, so it was rolled back: no order was changed. Start it again.',
  delete:
    'The server stopped before this job finished, so it was rolled back: no order was deleted. Start it again.',
  export: 'The server stopped before the file was ready: no file was made. Start the export again.',
};

function failedMessage(action: BulkJob['action'], reason: string): string {
  const nothing =
    action === 'export'
      ? 'no file was made'
      : `it was rolled back: no order was ${action === 'delete' ? 'deleted' : 'changed'}`;
  return `The job failed (${reason}), so ${nothing}. Start it again.`;
}

function doneMessage(job: { action: BulkJob['action']; status: string | null }, count: number): string {
  const orders = counted(count, 'order', 'orders');
  if (job.action === 'delete') return `${orders} deleted.`;
  if (job.action === 'export') return `${orders} exported.`;
  return `${orders} moved to ${STAGE_LABELS[job.status as Stage] ?? job.status}.`;
}

function toView(job: BulkJob, done: number | undefined): BulkJobView {
  return {
    id: job.id,
    action: job.action,
    status: (job.status as Stage | null) ?? null,
    state: job.state,
    done: done ?? job.done,
    total: job.total,
    message: job.message,
    fileUrl: job.action === 'export' && job.state === 'done' ? `/api/admin/jobs/${job.id}/file` : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** Lines of a CSV chunk: how far an export has come (a quoted cell's own line breaks count too). */
const lineBreaks = (text: string) => text.split('\n').length - 1;

/**
 * Bulk actions over a filter of the orders list (decision 285). `start` counts the matching orders,
 * writes the job and answers at once; the work runs after the answer in one transaction that takes
 * the job's advisory lock, locks the matching orders, works through them in chunks of set-based
 * statements, writes one audit entry and the live message to staff, and marks the job done as its
 * last write. Progress is kept in memory, told to `onProgress` listeners as it moves (the live
 * connection passes it to staff sockets), and, on a PostgreSQL server, written to the job's row from
 * another connection. A stop midway leaves the row `running` with no lock held: `recoverInterrupted`,
 * run at start-up, marks it failed and says it was rolled back (decision 286).
 */
export function createBulkJobs({
  db,
  clock,
  orders: writer,
  chunkSize = BULK_CHUNK,
}: OrderChangeDeps & { chunkSize?: number }) {
  const progress = new Map<number, number>();
  const running = new Set<Promise<void>>();
  const listeners = new Set<(progress: BulkJobProgress) => void>();
  const lastTold = new Map<number, number>();
  // PGlite runs one statement at a time and a transaction holds it: progress written from outside the
  // job's transaction would wait for its end. On a server it goes through another pooled connection.
  const writesProgress = !isEmbedded(db);

  function tell(report: BulkJobProgress) {
    const now = performance.now();
    const last = lastTold.get(report.jobId);
    if (report.done < report.total && last !== undefined && now - last < PROGRESS_EVERY_MS) return;
    lastTold.set(report.jobId, now);
    for (const listener of listeners) {
      try {
        listener(report);
      } catch {
        // A listener's failure is its own: the job goes on.
      }
    }
  }

  async function noteProgress(jobId: number, done: number, total: number) {
    progress.set(jobId, done);
    tell({ jobId, done, total });
    if (writesProgress) await db.update(bulkJobs).set({ done }).where(eq(bulkJobs.id, jobId));
  }

  async function work(job: BulkJob, filter: AdminOrderFilters, by: AuditActor): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK_SPACE}, ${job.id})`);
      const [current] = await tx
        .select({ state: bulkJobs.state })
        .from(bulkJobs)
        .where(eq(bulkJobs.id, job.id));
      if (current?.state !== 'running') throw new Error('the job was stopped before it began');
      const now = clock.now();
      let count: number;
      let file: string | null = null;
      if (job.action === 'export') {
        const chunks: string[] = [];
        let lines = 0;
        // Read in the job's transaction: the file is one snapshot of the orders.
        for await (const chunk of await exportOrdersCsv(tx, filter)) {
          const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
          chunks.push(text);
          lines += lineBreaks(text);
          await noteProgress(job.id, Math.min(Math.max(lines - 1, 0), job.total), job.total);
        }
        file = chunks.join('');
        count = Math.max(lines - 1, 0);
      } else {
        const ids = await lockOrdersMatching(tx, filter);
        count = ids.length;
        const deleted: string[] = [];
        for (let i = 0; i < ids.length; i += chunkSize) {
          const chunk = ids.slice(i, i + chunkSize);
          if (job.action === 'delete') {
            const gone = await writer.deleteLocked(tx, chunk);
            deleted.push(...gone.map((order) => order.orderId));
          } else {
            await writer.changeStatusOfMany(
              tx,
              { orderIds: chunk, to: job.status as Stage, actor: { kind: 'admin', userId: by.id } },
              now,
            );
          }
          await noteProgress(job.id, Math.min(i + chunk.length, count), count);
        }
        await publishToStaff(tx, { type: 'orders_changed', count });
        if (job.action === 'delete') {
          await recordAudit(tx, {
            actor: by,
            action: 'bulk_job.deleted',
            target: { type: 'bulk_job', id: job.id },
            changes: { filter, count, orders: deleted },
          });
        }
      }
      if (job.action === 'status') {
        await recordAudit(tx, {
          actor: by,
          action: 'bulk_job.status_changed',
          target: { type: 'bulk_job', id: job.id },
          changes: { filter, status: job.status, count },
        });
      } else if (job.action === 'export') {
        await recordAudit(tx, {
          actor: by,
          action: 'bulk_job.exported',
          target: { type: 'bulk_job', id: job.id },
          changes: { filter, count },
        });
      }
      await tx
        .update(bulkJobs)
        .set({
          state: 'done',
          total: count,
          done: count,
          file,
          message: doneMessage(job, count),
          finishedAt: clock.now(),
        })
        .where(eq(bulkJobs.id, job.id));
    });
  }

  function run(job: BulkJob, filter: AdminOrderFilters, by: AuditActor) {
    const task = work(job, filter, by)
      .catch(async (err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        await db
          .update(bulkJobs)
          .set({ state: 'failed', message: failedMessage(job.action, reason), finishedAt: clock.now() })
          .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.state, 'running')));
      })
      .catch(() => {
        // The database is gone too: the row stays running and the next start-up marks it rolled back.
      })
      .finally(() => {
        progress.delete(job.id);
        lastTold.delete(job.id);
        running.delete(task);
      });
    running.add(task);
  }

  return {
    /** Hears each running job's progress (at most every 250 ms, and its last); answers the unsubscribe. */
    onProgress(listener: (progress: BulkJobProgress) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Counts the orders matching the filter, writes the job and starts it; 404 when none match. */
    async start(request: BulkJobRequest, by: AuditActor): Promise<BulkJobStarted> {
      const filter: AdminOrderFilters = request.filter;
      const total = await countOrdersMatching(db, filter);
      if (total === 0) throw adminOrdersErrors.NO_ORDERS_MATCH('No order matches this filter');
      const [job] = await db
        .insert(bulkJobs)
        .values({
          action: request.action,
          filter: filter as Record<string, unknown>,
          status: request.status ?? null,
          total,
          createdBy: by.id,
          createdAt: clock.now(),
        })
        .returning();
      if (!job) throw new Error('the job was not written');
      progress.set(job.id, 0);
      run(job, filter, by);
      return { jobId: job.id, total };
    },

    /** A job's state; progress from memory while it runs on this instance. */
    async get(id: number): Promise<BulkJobView> {
      const [job] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, id));
      if (!job) throw adminOrdersErrors.JOB_NOT_FOUND('Job not found');
      return toView(job, job.state === 'running' ? progress.get(id) : undefined);
    },

    /** The CSV of a finished export job. */
    async file(id: number): Promise<{ csv: string; createdAt: Date }> {
      const [job] = await db
        .select({
          action: bulkJobs.action,
          state: bulkJobs.state,
          file: bulkJobs.file,
          createdAt: bulkJobs.createdAt,
        })
        .from(bulkJobs)
        .where(eq(bulkJobs.id, id));
      if (!job) throw adminOrdersErrors.JOB_NOT_FOUND('Job not found');
      if (job.action !== 'export' || job.state !== 'done' || job.file === null)
        throw adminOrdersErrors.JOB_HAS_NO_FILE('This job has no file: only a finished export has one');
      return { csv: job.file, createdAt: job.createdAt };
    },

    /**
     * Jobs left running by a stop (no transaction holds their lock): marked failed, saying they were
     * rolled back. Run at start-up, before the server answers; a job another instance is running holds
     * its lock and is left alone. Answers the ids marked.
     */
    async recoverInterrupted(): Promise<number[]> {
      const stale = await db
        .select({ id: bulkJobs.id, action: bulkJobs.action })
        .from(bulkJobs)
        .where(eq(bulkJobs.state, 'running'));
      const marked: number[] = [];
      for (const job of stale) {
        if (progress.has(job.id)) continue;
        const changed = await db.transaction(async (tx) => {
          const [lock] = rowsOf<{ free: boolean }>(
            await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, ${job.id}) as free`),
          );
          if (!lock?.free) return false;
          const rows = await tx
            .update(bulkJobs)
            .set({ state: 'failed', message: ROLLED_BACK[job.action], finishedAt: clock.now() })
            .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.state, 'running')))
            .returning({ id: bulkJobs.id });
          return rows.length > 0;
        });
        if (changed) marked.push(job.id);
      }
      return marked;
    },

    /** Waits for the jobs running here (closing the app, tests). */
    async settle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type BulkJobs = ReturnType<typeof createBulkJobs>;
