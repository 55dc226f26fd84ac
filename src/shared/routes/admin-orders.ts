/**
 * The admin orders routes: the list (paged, filtered, sorted on the server), one row, the dashboard,
 * status changes, activity and notes, deletes, and the two CSV exports. The exports answer a file, not
 * JSON, so they declare no answer schema (src/server/http/route-map.ts); the client links to them.
 */
import * as z from 'zod/mini';
import {
  activityEventSchema,
  adminBulkDeleteSchema,
  adminBulkStatusSchema,
  adminOrderDetailsSchema,
  adminOrderFiltersSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  adminStatusPatchSchema,
  bulkDeleteResultSchema,
  dashboardSchema,
  internalNoteSchema,
  nextStageResultSchema,
  nextStageSchema,
  statusChangeResultSchema,
  undoNextStageSchema,
} from '../schemas/admin-orders.js';
import { bulkJobRequestSchema, bulkJobSchema, bulkJobStartedSchema } from '../schemas/bulk-jobs.js';
import { idParams, messageSchema } from '../schemas/common.js';
import { defineRoute } from './define-route.js';

export const adminOrderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/orders',
    query: adminOrdersQuerySchema,
    responses: { 200: adminOrdersPageSchema },
  }),
  row: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id',
    params: idParams,
    responses: { 200: adminOrderDetailsSchema },
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/dashboard',
    responses: { 200: dashboardSchema },
  }),
  changeStatus: defineRoute({
    method: 'PATCH',
    path: '/api/admin/orders/:id/status',
    params: idParams,
    body: adminStatusPatchSchema,
    responses: { 200: statusChangeResultSchema },
  }),
  /** "Move to <next stage>": the units at the order's stage move one stage on (decision 282). */
  nextStage: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/next-stage',
    params: idParams,
    body: nextStageSchema,
    responses: { 200: nextStageResultSchema },
  }),
  /** Puts back the units a next-stage move moved, while they are still where it put them. */
  undoNextStage: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/next-stage/undo',
    params: idParams,
    body: undoNextStageSchema,
    responses: { 200: nextStageResultSchema },
  }),
  bulkStatus: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/bulk-status',
    body: adminBulkStatusSchema,
    responses: { 200: statusChangeResultSchema },
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/activity',
    params: idParams,
    responses: { 200: z.array(activityEventSchema) },
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/notes',
    params: idParams,
    body: internalNoteSchema,
    responses: { 201: activityEventSchema },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/admin/orders/:id',
    params: idParams,
    responses: { 200: messageSchema },
  }),
  bulkDelete: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/bulk-delete',
    body: adminBulkDeleteSchema,
    responses: { 200: bulkDeleteResultSchema },
  }),
  /** The CSV of every order matching the filters, or of the orders named by `ids`. */
  export: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/export',
    query: adminOrderFiltersSchema,
    responses: {},
  }),
  /** The CSV of one order. */
  exportOne: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/export',
    params: idParams,
    responses: {},
  }),
  /** Every order matching a filter, in one all-or-nothing job (decision 285); 202 with the job's id. */
  bulkJob: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/bulk',
    body: bulkJobRequestSchema,
    responses: { 202: bulkJobStartedSchema },
  }),
  /** A bulk job's state and progress. */
  job: defineRoute({
    method: 'GET',
    path: '/api/admin/jobs/:id',
    params: idParams,
    responses: { 200: bulkJobSchema },
  }),
  /** The CSV an export job produced. */
  jobFile: defineRoute({
    method: 'GET',
    path: '/api/admin/jobs/:id/file',
    params: idParams,
    responses: {},
  }),
};
