import type { ForecastAccuracy, StageDefaultDays } from '../../../shared/schemas/forecast.js';
import {
  addDays,
  calendarDay,
  type DeliveredUnit,
  forecastHistory,
  SEASON_DAYS,
  toEstimate,
  windowDays,
} from './window.js';

const DAY_MS = 86_400_000;
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/** One delivered unit as the back-test saw it: the window made when it entered PRODUCTION. */
export interface BacktestOutcome {
  unit: DeliveredUnit;
  enteredProduction: Date;
  inside: boolean;
  /** Days between the real delivery and the window's middle. */
  errorDays: number;
  windowDays: number;
  basis: 'history' | 'defaults';
}

/**
 * For each delivered unit, the window as it stood when the unit entered PRODUCTION, computed only
 * from the units delivered before that moment, against its real delivery day.
 */
export function backtestOutcomes(
  units: readonly DeliveredUnit[],
  defaults: StageDefaultDays,
): BacktestOutcome[] {
  const delivered = [...units].sort((a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime());
  const outcomes: BacktestOutcome[] = [];
  for (const unit of delivered) {
    const enteredProduction = unit.reached.PRODUCTION;
    if (!enteredProduction) continue;
    const known = countBefore(delivered, enteredProduction);
    const since = countBefore(delivered, addDays(enteredProduction, -SEASON_DAYS));
    const history = forecastHistory(delivered.slice(since, known), unit.product, ['PRODUCTION']);
    const window = windowDays('PRODUCTION', enteredProduction, history, defaults);
    if (!window) continue;
    const estimate = toEstimate(window, enteredProduction);
    const day = calendarDay(unit.deliveredAt);
    outcomes.push({
      unit,
      enteredProduction,
      inside: estimate.from <= day && day <= estimate.to,
      errorDays:
        Math.abs(unit.deliveredAt.getTime() - addDays(enteredProduction, window.middleDays).getTime()) /
        DAY_MS,
      windowDays: (Date.parse(estimate.to) - Date.parse(estimate.from)) / DAY_MS + 1,
      basis: window.basis,
    });
  }
  return outcomes;
}

/**
 * The back-test (see backtestOutcomes) summed up. The baseline estimates every unit with the mean
 * PRODUCTION → delivery duration of all delivered units (it is even allowed to see the future).
 */
export function backtest(units: readonly DeliveredUnit[], defaults: StageDefaultDays): ForecastAccuracy {
  const tested = units.filter((unit) => unit.reached.PRODUCTION);
  const productionDays = tested.map(
    (unit) => (unit.deliveredAt.getTime() - (unit.reached.PRODUCTION as Date).getTime()) / DAY_MS,
  );
  const baselineDays = mean(productionDays);
  const outcomes = backtestOutcomes(units, defaults);
  const errors = outcomes.map((outcome) => outcome.errorDays);
  const widths = outcomes.map((outcome) => outcome.windowDays);
  const byBasis = { history: 0, defaults: 0 };
  for (const outcome of outcomes) byBasis[outcome.basis]++;
  const inside = outcomes.filter((outcome) => outcome.inside).length;
  const baselineErrors =
    baselineDays === null
      ? []
      : outcomes.map(
          ({ unit, enteredProduction }) =>
            Math.abs(unit.deliveredAt.getTime() - addDays(enteredProduction, baselineDays).getTime()) /
            DAY_MS,
        );
  const maybe = (value: number | null, digits: number) => (value === null ? null : round(value, digits));
  return {
    units: errors.length,
    coverage: errors.length === 0 ? null : round(inside / errors.length, 4),
    meanAbsoluteErrorDays: maybe(mean(errors), 1),
    meanWindowDays: maybe(mean(widths), 1),
    byBasis,
    baseline: {
      meanProductionToDeliveryDays: maybe(baselineDays, 1),
      meanAbsoluteErrorDays: maybe(mean(baselineErrors), 1),
    },
  };
}

/** How many of the units (sorted by delivery) were delivered strictly before `at`. */
function countBefore(sorted: readonly DeliveredUnit[], at: Date): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as DeliveredUnit).deliveredAt.getTime() < at.getTime()) low = mid + 1;
    else high = mid;
  }
  return low;
}
