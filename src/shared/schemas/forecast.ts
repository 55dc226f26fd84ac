/**
 * Delivery estimates: the window a unit's delivery is expected in, the per-stage default durations
 * kept in Settings, the back-test of the estimates on delivered units and the units now past their
 * window. zod/mini, as for every shape the browser loads (decision 14).
 */
import * as z from 'zod/mini';
import { STAGES, type Stage } from '../stages.js';

/** A calendar date, YYYY-MM-DD (UTC). */
const calendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const ESTIMATE_BASES = ['history', 'defaults'] as const;
export type EstimateBasis = (typeof ESTIMATE_BASES)[number];

export const deliveryEstimateSchema = z.object({
  /** First and last day of the window the delivery is expected in. */
  from: calendarDate,
  to: calendarDate,
  /** `history`: durations of recently delivered units; `defaults`: the per-stage defaults in Settings. */
  basis: z.enum(ESTIMATE_BASES),
  /** How many delivered units the window rests on (0 with the defaults). */
  historyUnits: z.number(),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/** The stages a unit still spends time in before it is delivered (every stage but DELIVERED). */
export const TIMED_STAGES = STAGES.filter((stage) => stage !== 'DELIVERED') as Exclude<Stage, 'DELIVERED'>[];
export type TimedStage = (typeof TIMED_STAGES)[number];

const stageDays = z
  .number()
  .check(z.int(), z.minimum(0, 'At least 0 days'), z.maximum(365, 'At most 365 days'));

/** Typical days a unit spends in each stage, used until there is enough delivered history. */
export const stageDefaultDaysSchema = z.object(
  Object.fromEntries(TIMED_STAGES.map((stage) => [stage, stageDays])) as Record<TimedStage, typeof stageDays>,
);
export type StageDefaultDays = z.infer<typeof stageDefaultDaysSchema>;

export const DEFAULT_STAGE_DAYS: StageDefaultDays = {
  ORDER_PLACED: 3,
  LOCATION_ENABLED: 4,
  DOCUMENTS_PENDING: 5,
  DOCUMENTS_SIGNING: 5,
  FINANCING_PAYMENT: 7,
  SITE_PREP: 14,
  PRODUCTION: 45,
  DELIVERY_DATE_CONFIRMED: 14,
  FINAL_DOCUMENTS: 3,
};

/** GET /api/admin/forecast/accuracy: the estimates made when each delivered unit entered PRODUCTION. */
export const forecastAccuracySchema = z.object({
  /** Delivered units the back-test looked at. */
  units: z.number(),
  /** Share (0–1) of those delivered inside their window; null with no units. */
  coverage: z.nullable(z.number()),
  /** Mean of |middle of the window − delivery day|, in days. */
  meanAbsoluteErrorDays: z.nullable(z.number()),
  /** Mean width of the windows, in days (first to last day, inclusive). */
  meanWindowDays: z.nullable(z.number()),
  /** How many of the estimates rested on history and how many on the defaults. */
  byBasis: z.object({ history: z.number(), defaults: z.number() }),
  /** The naive estimate: the overall mean PRODUCTION → delivery duration of every delivered unit. */
  baseline: z.object({
    meanProductionToDeliveryDays: z.nullable(z.number()),
    meanAbsoluteErrorDays: z.nullable(z.number()),
  }),
});
export type ForecastAccuracy = z.infer<typeof forecastAccuracySchema>;

/** GET /api/admin/forecast/past-window: units not delivered whose window ended before today. */
export const pastWindowUnitSchema = z.object({
  itemId: z.number(),
  itemNumber: z.number(),
  /** The order's internal id and business id. */
  orderId: z.number(),
  orderNumber: z.string(),
  productName: z.string(),
  status: z.enum(STAGES),
  estimate: deliveryEstimateSchema,
  /** Whole days since the window's last day. */
  daysLate: z.number(),
});
export const pastWindowSchema = z.object({
  units: z.array(pastWindowUnitSchema),
  /** All units past their window; `units` holds the most late of them. */
  total: z.number(),
});
export type PastWindowUnit = z.infer<typeof pastWindowUnitSchema>;
export type PastWindow = z.infer<typeof pastWindowSchema>;
