/**
 * Order import (the Import Data page, POST /api/admin/import). zod/mini (decision 14): the client
 * bundle shares these limits and the answer's shape.
 */
import * as z from 'zod/mini';
import { stageSchema } from './orders.js';

/**
 * The columns, in the order the Import Data page lists them. Headers match after lower-casing and
 * dropping spaces, `_`, `-` and `.`.
 */
export const IMPORT_COLUMNS = [
  'orderId',
  'productName',
  'quantity',
  'orderDate',
  'status',
  'email',
  'zipCode',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a file must have; the others may be missing or empty (defaults in the decisions). */
export const REQUIRED_IMPORT_COLUMNS = ['orderId', 'productName'] as const satisfies readonly ImportColumn[];

export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** At most this many per-row errors are listed in one answer; `rejected` counts them all. */
export const IMPORT_MAX_LISTED_ERRORS = 1_000;
/** At most this many order summaries are listed in one answer; the counts cover every row. */
export const IMPORT_MAX_LISTED_ORDERS = 100;
export const IMPORT_MAX_QUANTITY = 100;
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;

/** `column` is one of IMPORT_COLUMNS, or null for a problem with the whole row. `row` counts the header as row 1. */
export const importRowErrorSchema = z.object({
  row: z.number(),
  column: z.nullable(z.string()),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importedOrderSchema = z.object({
  row: z.number(),
  /** Internal id; null in a dry run's summary of an order it would create. */
  id: z.nullable(z.number()),
  orderId: z.string(),
  productName: z.string(),
  quantity: z.number(),
  status: z.nullable(stageSchema),
  email: z.nullable(z.string()),
  action: z.enum(['created', 'updated', 'skipped']),
});
export type ImportedOrder = z.infer<typeof importedOrderSchema>;

/**
 * The answer, with 200 for a written (or dry-run) import and with 400 when any row is invalid and the
 * admin did not ask for the valid rows only (then nothing is written and the counts are 0).
 */
export const importResultSchema = z.object({
  message: z.string(),
  /** The first IMPORT_MAX_LISTED_ORDERS rows created, updated or skipped, in file order. */
  orders: z.array(importedOrderSchema),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** Rows refused (each has at least one entry in `errors`). */
  rejected: z.number(),
  /** Data rows read (blank rows are not counted). */
  rows: z.number(),
  dryRun: z.boolean(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Multipart text fields: 'true' or 'false' (a multipart form sends only text); anything else is refused. */
export const IMPORT_FLAGS = ['updateExisting', 'sendNotification', 'dryRun', 'validRowsOnly'] as const;
export type ImportFlag = (typeof IMPORT_FLAGS)[number];
export type ImportOptions = Record<ImportFlag, boolean>;

/**
 * The Import Data page's form: the file and the two options the admin sets (dry run and valid rows
 * only follow from the button pressed). The file is a browser File until the upload sends it.
 */
export const importFormSchema = z.object({
  file: z.custom<File>(
    (value) => typeof File !== 'undefined' && value instanceof File,
    'Please select a CSV or Excel file to import',
  ),
  updateExisting: z.boolean(),
  sendNotification: z.boolean(),
});
export type ImportForm = z.output<typeof importFormSchema>;

/** A CSV of the error list (the page's 'Download errors'); cells escaped as the export does. */
export function importErrorsCsv(errors: readonly ImportRowError[]): string {
  const lines = [['row', 'column', 'message'].join(',')];
  for (const error of errors) {
    lines.push([String(error.row), csvCell(error.column ?? ''), csvCell(error.message)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
