/**
 * Insights: how the business runs, as charts of rows computed on the server (docs/insights.md says
 * how each figure is defined). Every chart answers an array of flat rows, the same rows its CSV holds
 * (decision 275). zod/mini, as for every shape the browser loads (decision 14).
 */
import * as z from 'zod/mini';
import { STAGES } from '../stages.js';

export const INSIGHT_CHARTS = [
  'flow',
  'throughput',
  'stage-durations',
  'promises',
  'waiting',
  'first-reply',
  'deposits',
  'capacity',
] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];

/** A calendar date, YYYY-MM-DD (UTC). */
const calendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD'));

/** The longest range one request may cover, so that a chart stays a few hundred rows. */
export const INSIGHTS_MAX_DAYS = 731;

export const insightsParamsSchema = z.object({ chart: z.enum(INSIGHT_CHARTS) });

export const insightsQuerySchema = z.object({
  /** First day (UTC) counted; 12 weeks before `to` when absent. */
  from: z.optional(calendarDate),
  /** Last day (UTC) counted; today when absent. */
  to: z.optional(calendarDate),
  /** Only orders whose product name contains this text (any case). */
  product: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** `csv` answers CSV like `Accept: text/csv` does: a download link cannot set a header. */
  format: z.optional(z.enum(['json', 'csv'])),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number();
const days = z.nullable(z.number());
const stage = z.enum(STAGES);

/** Units in each stage at the end of each week (or at `to` for the last, shorter one). */
export const flowRowSchema = z.object({ week: calendarDate, stage, units: count });
/** Units entering PRODUCTION and DELIVERED in each week. */
export const throughputRowSchema = z.object({ week: calendarDate, production: count, delivered: count });
/** Stays in a stage that ended in the range: median and 90th percentile, and the median the range before. */
export const stageDurationRowSchema = z.object({
  stage,
  stays: count,
  medianDays: days,
  p90Days: days,
  previousMedianDays: days,
  changeDays: days,
});
/** The forecast back-test by month of delivery: the window as it stood when the unit entered PRODUCTION. */
export const promiseRowSchema = z.object({
  month: z.string(),
  units: count,
  inside: count,
  coverage: days,
  meanAbsoluteErrorDays: days,
});
export const WAITING_ON = ['customer', 'company'] as const;
/** Units not delivered, by stage: on whom they wait and for how long so far. */
export const waitingRowSchema = z.object({
  stage,
  waitingOn: z.enum(WAITING_ON),
  units: count,
  medianDays: days,
  p90Days: days,
});
/** Customer messages that started a wait, by week, and how long the first staff reply took. */
export const firstReplyRowSchema = z.object({
  week: calendarDate,
  waits: count,
  answered: count,
  medianHours: days,
  p90Hours: days,
});
/** Deposits paid per week and method; the row with `method: 'due'` (no week) counts the units still owing one. */
export const depositRowSchema = z.object({
  week: z.nullable(calendarDate),
  method: z.string(),
  count,
  amountCents: z.nullable(count),
});
/** Delivery days published, booked and left per week. */
export const capacityRowSchema = z.object({
  week: calendarDate,
  published: count,
  booked: count,
  left: count,
});

export type FlowRow = z.infer<typeof flowRowSchema>;
export type ThroughputRow = z.infer<typeof throughputRowSchema>;
export type StageDurationRow = z.infer<typeof stageDurationRowSchema>;
export type PromiseRow = z.infer<typeof promiseRowSchema>;
export type WaitingRow = z.infer<typeof waitingRowSchema>;
export type FirstReplyRow = z.infer<typeof firstReplyRowSchema>;
export type DepositRow = z.infer<typeof depositRowSchema>;
export type CapacityRow = z.infer<typeof capacityRowSchema>;

export interface InsightRows {
  flow: FlowRow;
  throughput: ThroughputRow;
  'stage-durations': StageDurationRow;
  promises: PromiseRow;
  waiting: WaitingRow;
  'first-reply': FirstReplyRow;
  deposits: DepositRow;
  capacity: CapacityRow;
}

/** The columns of each chart's rows, in the order of its table and its CSV. */
export const INSIGHT_COLUMNS: { [C in InsightChart]: readonly (keyof InsightRows[C] & string)[] } = {
  flow: ['week', 'stage', 'units'],
  throughput: ['week', 'production', 'delivered'],
  'stage-durations': ['stage', 'stays', 'medianDays', 'p90Days', 'previousMedianDays', 'changeDays'],
  promises: ['month', 'units', 'inside', 'coverage', 'meanAbsoluteErrorDays'],
  waiting: ['stage', 'waitingOn', 'units', 'medianDays', 'p90Days'],
  'first-reply': ['week', 'waits', 'answered', 'medianHours', 'p90Hours'],
  deposits: ['week', 'method', 'count', 'amountCents'],
  capacity: ['week', 'published', 'booked', 'left'],
};

/** Any chart's answer: its rows (the JSON is the CSV's table, row for row). */
export const insightRowsSchema = z.array(
  z.union([
    flowRowSchema,
    throughputRowSchema,
    stageDurationRowSchema,
    promiseRowSchema,
    waitingRowSchema,
    firstReplyRowSchema,
    depositRowSchema,
    capacityRowSchema,
  ]),
);
