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

/**
 * The back-test: for each delivered unit, the window as it stood when the unit entered PRODUCTION,
 * computed only from the units delivered before that moment, against its real delivery day. The
 * baseline estimates every unit with the mean PRODUCTION → delivery duration of all delivered units
 * (it is even allowed to see the future).
 */
export function backtest(units: readonly DeliveredUnit[], defaults: StageDefaultDays): ForecastAccuracy {
  const delivered = [...units].sort((a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime());
  const tested = delivered.filter((unit) => unit.reached.PRODUCTION);
  const productionDays = tested.map(
    (unit) => (unit.deliveredAt.getTime() - (unit.reached.PRODUCTION as Date).getTime()) / DAY_MS,
  );
  const baselineDays = mean(productionDays);

  const errors: number[] = [];
  const baselineErrors: number[] = [];
  const widths: number[] = [];
  const byBasis = { history: 0, defaults: 0 };
  let inside = 0;
  for (const unit of tested) {
    const enteredProduction = unit.reached.PRODUCTION as Date;
    const known = countBefore(delivered, enteredProduction);
    const since = countBefore(delivered, addDays(enteredProduction, -SEASON_DAYS));
    const history = forecastHistory(delivered.slice(since, known), unit.product, ['PRODUCTION']);
    const window = windowDays('PRODUCTION', enteredProduction, history, defaults);
    if (!window) continue;
    const estimate = toEstimate(window, enteredProduction);
    const day = calendarDay(unit.deliveredAt);
    if (estimate.from <= day && day <= estimate.to) inside++;
    byBasis[window.basis]++;
    widths.push((Date.parse(estimate.to) - Date.parse(estimate.from)) / DAY_MS + 1);
    const actual = unit.deliveredAt.getTime();
    errors.push(Math.abs(actual - addDays(enteredProduction, window.middleDays).getTime()) / DAY_MS);
    if (baselineDays !== null) {
      baselineErrors.push(Math.abs(actual - addDays(enteredProduction, baselineDays).getTime()) / DAY_MS);
    }
  }
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
