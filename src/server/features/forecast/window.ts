/**
 * The delivery window, as pure functions of delivered history: how long units took from reaching a
 * stage to their delivery, and the window a unit now at that stage can expect. The service feeds
 * them from the database; the back-test feeds them with the history as it stood at each moment.
 */
import type { DeliveryEstimate, StageDefaultDays, TimedStage } from '../../../shared/schemas/forecast.js';
import { TIMED_STAGES } from '../../../shared/schemas/forecast.js';
import { type Stage, stageIndex } from '../../../shared/stages.js';

/** The most recently delivered units the window is computed from (decision 120). */
export const HISTORY_SIZE = 150;
/** Fewer delivered units than this with a duration from the unit's stage: the defaults apply (decision 121). */
export const MIN_HISTORY = 30;
/** The seasons are learnt from the units delivered in about this many days before (decision 120). */
export const SEASON_DAYS = 730;
/** A month's season factor needs this many units that reached the stage around that month. */
export const MIN_SEASON_SAMPLES = 12;
/** The window runs from this quantile of the remaining durations to the next (decision 120). */
export const LOW_QUANTILE = 0.05;
export const HIGH_QUANTILE = 0.95;
/** With the defaults, the window is the sum of the remaining stages' typical days times these. */
export const DEFAULTS_SPREAD = { low: 0.75, high: 1.4 } as const;

const DAY_MS = 86_400_000;

/** One delivered unit: when it was delivered and when it reached each stage on its way there. */
export interface DeliveredUnit {
  itemId: number;
  /** The order's product: units of one product are built alike. */
  product: string;
  deliveredAt: Date;
  /**
   * When the unit last reached the stage or a later one before its delivery (a skipped stage counts
   * from the next one it entered). Stages it jumped from straight to DELIVERED are absent.
   */
  reached: Partial<Record<TimedStage, Date>>;
}

export interface StatusStep {
  stage: Stage;
  at: Date;
}

/**
 * When a delivered unit reached each stage, from its creation and its status changes (any order).
 * Scanning back from the delivery, a stage is reached where the unit's final run at that stage or
 * beyond began, so a unit sent back and forward again counts from its last pass.
 */
export function reachedStages(createdAt: Date, steps: readonly StatusStep[], deliveredAt: Date) {
  // The creation comes first whatever its stamp says: it may be stamped by the database's clock a
  // moment after a status change stamped by the server's.
  const timeline = [
    { stage: 'ORDER_PLACED' as Stage, at: createdAt },
    ...[...steps].sort((a, b) => a.at.getTime() - b.at.getTime()),
  ].filter((step) => step.at.getTime() <= deliveredAt.getTime());
  const reached: Partial<Record<TimedStage, Date>> = {};
  for (const stage of TIMED_STAGES) {
    let at: Date | undefined;
    for (let i = timeline.length - 1; i >= 0; i--) {
      const step = timeline[i] as StatusStep;
      if (stageIndex(step.stage) < stageIndex(stage)) break;
      at = step.at;
    }
    // Reaching a stage at the moment of delivery says nothing about how long the stages take.
    if (at && at.getTime() < deliveredAt.getTime()) reached[stage] = at;
  }
  return reached;
}

/** One delivered unit's duration from reaching a stage to delivery, and the month it reached it. */
interface Sample {
  days: number;
  /** 0 = January (UTC). */
  month: number;
}

/**
 * What a window is computed from, per stage: the durations of the most recently delivered units, and
 * how much slower or faster than usual units that reached the stage in each month of the year were.
 */
export interface ForecastHistory {
  recent: Partial<Record<TimedStage, Sample[]>>;
  /** Per stage, twelve factors (January first): the month's median duration over the overall median. */
  season: Partial<Record<TimedStage, number[]>>;
}

function samplesOf(units: readonly DeliveredUnit[], stage: TimedStage): Sample[] {
  const samples: Sample[] = [];
  for (const unit of units) {
    const at = unit.reached[stage];
    if (!at) continue;
    samples.push({ days: (unit.deliveredAt.getTime() - at.getTime()) / DAY_MS, month: at.getUTCMonth() });
  }
  return samples;
}

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/**
 * Each month's factor: the median duration of units that reached the stage in that month or the
 * months either side of it, over the median of all; 1 where fewer than MIN_SEASON_SAMPLES did.
 */
function seasonFactors(samples: readonly Sample[]): number[] {
  const factors = Array.from({ length: 12 }, () => 1);
  if (samples.length < MIN_HISTORY) return factors;
  const overall = median(samples.map((s) => s.days));
  if (overall <= 0) return factors;
  for (let month = 0; month < 12; month++) {
    const near = samples.filter((s) => s.month === month).map((s) => s.days);
    if (near.length >= MIN_SEASON_SAMPLES) factors[month] = median(near) / overall;
  }
  return factors;
}

/**
 * The history the windows are computed from: `delivered` sorted by delivery, oldest first, covering
 * about the last SEASON_DAYS. Per stage, the recent durations are those of the last HISTORY_SIZE
 * deliveries of `product` that passed the stage when there are at least MIN_HISTORY of them, else
 * of the last HISTORY_SIZE deliveries of any product that passed it.
 */
export function forecastHistory(
  delivered: readonly DeliveredUnit[],
  product: string | null,
  stages: readonly TimedStage[] = TIMED_STAGES,
): ForecastHistory {
  const latest = (samples: Sample[]) => samples.slice(Math.max(0, samples.length - HISTORY_SIZE));
  const alike = product === null ? [] : delivered.filter((unit) => unit.product === product);
  const history: ForecastHistory = { recent: {}, season: {} };
  for (const stage of stages) {
    const all = samplesOf(delivered, stage);
    const ofProduct = latest(samplesOf(alike, stage));
    history.recent[stage] = ofProduct.length >= MIN_HISTORY ? ofProduct : latest(all);
    history.season[stage] = seasonFactors(all);
  }
  return history;
}

/** The q-quantile of sorted values, interpolating between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of nothing');
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (position - below);
}

/** The window in days after the unit reached its stage, with its middle (the point estimate). */
export interface WindowDays {
  lowDays: number;
  middleDays: number;
  highDays: number;
  basis: DeliveryEstimate['basis'];
  historyUnits: number;
}

/**
 * The window of a unit that reached `stage` at `reachedAt`: the low and high quantiles of how long
 * recently delivered units took from that stage, each taken out of its season and put into the
 * season of `reachedAt`; with too few of them, the typical days of the stage and the later ones times
 * the spread. Null for a delivered unit.
 */
export function windowDays(
  stage: Stage,
  reachedAt: Date,
  history: ForecastHistory,
  defaults: StageDefaultDays,
): WindowDays | null {
  if (stage === 'DELIVERED') return null;
  const samples = history.recent[stage] ?? [];
  if (samples.length >= MIN_HISTORY) {
    const season = history.season[stage] ?? [];
    const factor = (month: number) => season[month] ?? 1;
    const now = factor(reachedAt.getUTCMonth());
    const days = samples.map((s) => (s.days / factor(s.month)) * now).sort((a, b) => a - b);
    return {
      lowDays: quantile(days, LOW_QUANTILE),
      middleDays: quantile(days, 0.5),
      highDays: quantile(days, HIGH_QUANTILE),
      basis: 'history',
      historyUnits: samples.length,
    };
  }
  const typical = TIMED_STAGES.filter((s) => stageIndex(s) >= stageIndex(stage)).reduce(
    (sum, s) => sum + defaults[s],
    0,
  );
  return {
    lowDays: typical * DEFAULTS_SPREAD.low,
    middleDays: typical,
    highDays: typical * DEFAULTS_SPREAD.high,
    basis: 'defaults',
    historyUnits: 0,
  };
}

/** The UTC calendar day of a moment, YYYY-MM-DD. */
export function calendarDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** The estimate of a unit that reached its stage at `reachedAt`. */
export function toEstimate(window: WindowDays, reachedAt: Date): DeliveryEstimate {
  return {
    from: calendarDay(addDays(reachedAt, window.lowDays)),
    to: calendarDay(addDays(reachedAt, window.highDays)),
    basis: window.basis,
    historyUnits: window.historyUnits,
  };
}

/** Whole days from calendar day `a` to calendar day `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}
