/**
 * Bulk actions over a filter of the orders list, run as one server job (decision 285): the request, the
 * answer that starts it and the job as `GET /api/admin/jobs/:id` reports it. zod/mini (decision 14).
 */
import * as z from 'zod/mini';
import { adminOrderFiltersSchema } from './admin-orders.js';
import { stageSchema } from './orders.js';

export const BULK_ACTIONS = ['status', 'export', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_JOB_STATES = ['running', 'done', 'failed'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** The orders list's filters (search, stages, dates, payment, registration, product); paging and sort are ignored. */
export const bulkFilterSchema = z.omit(adminOrderFiltersSchema, { ids: true });
export type BulkFilter = z.infer<typeof bulkFilterSchema>;

/**
 * POST /api/admin/orders/bulk: every order matching `filter`, in one job. `status` names the stage a
 * status job moves every unit to, and only a status job takes it.
 */
export const bulkJobRequestSchema = z
  .object({
    filter: z._default(bulkFilterSchema, {}),
    action: z.enum(BULK_ACTIONS),
    status: z.optional(stageSchema),
  })
  .check(
    z.refine((body) => body.action !== 'status' || body.status !== undefined, {
      message: 'Choose the stage to move the orders to',
      path: ['status'],
    }),
    z.refine((body) => body.action === 'status' || body.status === undefined, {
      message: 'Only a status change takes a stage',
      path: ['status'],
    }),
  );
export type BulkJobRequest = z.infer<typeof bulkJobRequestSchema>;

/** 202: the job has started; `total` is how many orders matched the filter. */
export const bulkJobStartedSchema = z.object({ jobId: z.number(), total: z.number() });
export type BulkJobStarted = z.infer<typeof bulkJobStartedSchema>;

/**
 * GET /api/admin/jobs/:id. `done` counts the orders handled so far, of `total`. A job is all or
 * nothing: while `running` nothing it does is visible to anyone else, `done` means every order was
 * handled, `failed` means none was, and `message` says why and what became of the work.
 */
export const bulkJobSchema = z.object({
  id: z.number(),
  action: z.enum(BULK_ACTIONS),
  status: z.nullable(stageSchema),
  state: z.enum(BULK_JOB_STATES),
  done: z.number(),
  total: z.number(),
  message: z.nullable(z.string()),
  /** An export job that is done: where its CSV is downloaded. */
  fileUrl: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type BulkJobView = z.infer<typeof bulkJobSchema>;
