import {
  INSIGHTS_MAX_DAYS,
  type InsightChart,
  type InsightRows,
  type InsightsQuery,
} from '../../../shared/schemas/insights.js';
import { STAGES, type Stage, stageGroup } from '../../../shared/stages.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ForecastService } from '../forecast/index.js';
import {
  flowChanges,
  type InsightScope,
  stageStays,
  throughputByWeek,
  waitingUnits,
} from '../orders/index.js';
import { insightsErrors } from './errors.js';
import { capacityByWeek, depositsByWeek, firstRepliesByWeek } from './reads.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The default range: the 12 weeks up to today. */
const DEFAULT_DAYS = 84;
/** The capacity chart looks this many weeks ahead of the current one. */
export const CAPACITY_WEEKS = 8;
/**
 * The charts drawn from units and their log alone are kept this long, or until the orders module says a
 * unit moved or an order arrived; the others (messages, payments, delivery days) are computed each time.
 */
const CACHED_CHARTS: ReadonlySet<InsightChart> = new Set([
  'flow',
  'throughput',
  'stage-durations',
  'waiting',
]);
const CACHE_TTL_MS = 30_000;
/**
 * A change is announced inside its transaction, before it commits: for this long after, answers are
 * computed but not kept, so none read just before the commit outlives it.
 */
const QUIET_AFTER_CHANGE_MS = 2_000;
const CACHE_ENTRIES = 200;

const day = (at: Date) => at.toISOString().slice(0, 10);
const startOfDay = (text: string) => new Date(`${text}T00:00:00Z`);
/** The Monday (UTC) starting the week of `at`. */
function mondayOf(at: Date): Date {
  const midnight = startOfDay(day(at));
  return new Date(midnight.getTime() - ((midnight.getUTCDay() + 6) % 7) * DAY_MS);
}
/** Mondays of the weeks from the one holding `first` to the one holding `last`, as YYYY-MM-DD. */
function weeksBetween(first: Date, last: Date): string[] {
  const weeks: string[] = [];
  for (let at = mondayOf(first).getTime(); at <= last.getTime(); at += WEEK_MS) weeks.push(day(new Date(at)));
  return weeks;
}
/** Two decimals: the figures are days and hours, and the CSV should not carry float noise. */
const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * The Insights screen's figures (docs/insights.md): each chart's rows for a range of days and a
 * product, computed by the database from the existing tables on every request. The screen asks again
 * when a live message says something changed.
 */
export function createInsightsService({
  db,
  clock,
  forecast,
}: {
  db: Db;
  clock: Clock;
  forecast: ForecastService;
}) {
  function scopeOf(query: InsightsQuery): InsightScope {
    const today = day(clock.now());
    const to = query.to ?? today;
    const end = new Date(startOfDay(to).getTime() + DAY_MS);
    const start = query.from ? startOfDay(query.from) : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
      throw insightsErrors.INSIGHTS_RANGE_INVALID('Not a calendar date', { fields: { from: 'Not a date' } });
    }
    if (start >= end) {
      throw insightsErrors.INSIGHTS_RANGE_INVALID('The range ends before it starts', {
        fields: { to: 'On or after the start' },
      });
    }
    if (end.getTime() - start.getTime() > INSIGHTS_MAX_DAYS * DAY_MS) {
      throw insightsErrors.INSIGHTS_RANGE_INVALID(`A range covers at most ${INSIGHTS_MAX_DAYS} days`, {
        fields: { from: `At most ${INSIGHTS_MAX_DAYS} days before the end` },
      });
    }
    return { start, end, product: query.product ? query.product : null };
  }

  const cache = new Map<string, { at: number; rows: Promise<unknown[]> }>();
  let quietUntil = 0;

  function remembered<T>(
    chart: InsightChart,
    scope: InsightScope,
    compute: () => Promise<T[]>,
  ): Promise<T[]> {
    if (!CACHED_CHARTS.has(chart)) return compute();
    const now = clock.now().getTime();
    const key = JSON.stringify([chart, scope.start, scope.end, scope.product]);
    const found = cache.get(key);
    if (found && now - found.at <= CACHE_TTL_MS) return found.rows as Promise<T[]>;
    const rows = compute();
    if (now >= quietUntil) {
      if (cache.size >= CACHE_ENTRIES) cache.clear();
      cache.set(key, { at: now, rows });
      rows.catch(() => {
        if (cache.get(key)?.rows === rows) cache.delete(key);
      });
    }
    return rows;
  }

  /** The weeks of the range that have begun: a week after today has nothing to show yet. */
  function weeksOf(scope: InsightScope): string[] {
    const last = Math.min(scope.end.getTime(), clock.now().getTime() + 1) - 1;
    return weeksBetween(scope.start, new Date(Math.max(last, scope.start.getTime())));
  }

  const charts: { [C in InsightChart]: (scope: InsightScope) => Promise<InsightRows[C][]> } = {
    async flow(scope) {
      const weeks = weeksOf(scope);
      const since = startOfDay(weeks[0] ?? day(scope.start));
      const { now, moves, created } = await flowChanges(db, scope, since);
      const running = new Map<string, number>(STAGES.map((stage) => [stage, 0]));
      const add = (stage: string, units: number) => running.set(stage, (running.get(stage) ?? 0) + units);
      for (const row of now) add(row.stage, row.units);
      // Walk back from now: undo the changes of each bucket to find the count at its start.
      const undo = (bucket: string) => {
        for (const move of moves) {
          if (move.bucket !== bucket) continue;
          add(move.stage, move.left - move.entered);
        }
        for (const unit of created) if (unit.bucket === bucket) add(unit.stage, -unit.units);
      };
      undo('after');
      const rows: InsightRows['flow'][] = [];
      for (const week of [...weeks].reverse()) {
        for (const stage of [...STAGES].reverse()) rows.push({ week, stage, units: running.get(stage) ?? 0 });
        undo(week);
      }
      return rows.reverse();
    },

    async throughput(scope) {
      const found = new Map((await throughputByWeek(db, scope)).map((row) => [row.week, row]));
      return weeksOf(scope).map((week) => found.get(week) ?? { week, production: 0, delivered: 0 });
    },

    async 'stage-durations'(scope) {
      const stays = await stageStays(db, scope);
      const of = (period: 'current' | 'previous', stage: Stage) =>
        stays.find((row) => row.period === period && row.stage === stage);
      return STAGES.filter((stage) => stage !== 'DELIVERED').map((stage) => {
        const current = of('current', stage);
        const previous = of('previous', stage);
        const medianDays = round(current?.medianDays ?? null);
        const previousMedianDays = round(previous?.medianDays ?? null);
        return {
          stage,
          stays: current?.stays ?? 0,
          medianDays,
          p90Days: round(current?.p90Days ?? null),
          previousMedianDays,
          changeDays:
            medianDays === null || previousMedianDays === null
              ? null
              : round(medianDays - previousMedianDays),
        };
      });
    },

    async promises(scope) {
      const months = await forecast.promisesByMonth(scope.start, scope.end, scope.product);
      const rows: InsightRows['promises'][] = [];
      const last = day(new Date(scope.end.getTime() - 1)).slice(0, 7);
      for (let month = day(scope.start).slice(0, 7); month <= last; month = nextMonth(month)) {
        const sums = months.get(month);
        rows.push({
          month,
          units: sums?.units ?? 0,
          inside: sums?.inside ?? 0,
          coverage: sums && sums.units > 0 ? Math.round((sums.inside / sums.units) * 10_000) / 10_000 : null,
          meanAbsoluteErrorDays: sums && sums.units > 0 ? round(sums.errorDays / sums.units) : null,
        });
      }
      return rows;
    },

    async waiting(scope) {
      const found = new Map(
        (await waitingUnits(db, scope.product, clock.now())).map((row) => [row.stage, row]),
      );
      return STAGES.filter((stage) => stage !== 'DELIVERED').map((stage) => {
        const row = found.get(stage);
        return {
          stage,
          waitingOn: stageGroup(stage) === 'customer' ? ('customer' as const) : ('company' as const),
          units: row?.units ?? 0,
          medianDays: round(row?.medianDays ?? null),
          p90Days: round(row?.p90Days ?? null),
        };
      });
    },

    async 'first-reply'(scope) {
      const found = new Map((await firstRepliesByWeek(db, scope)).map((row) => [row.week, row]));
      return weeksOf(scope).map((week) => {
        const row = found.get(week);
        return {
          week,
          waits: row?.waits ?? 0,
          answered: row?.answered ?? 0,
          medianHours: round(row?.medianHours ?? null),
          p90Hours: round(row?.p90Hours ?? null),
        };
      });
    },

    async deposits(scope) {
      const { paid, due } = await depositsByWeek(db, scope);
      const rows: InsightRows['deposits'][] = paid.sort(
        (a, b) => a.week.localeCompare(b.week) || a.method.localeCompare(b.method),
      );
      return [...rows, { week: null, method: 'due', count: due, amountCents: null }];
    },

    async capacity(scope) {
      const first = mondayOf(clock.now());
      const end = new Date(first.getTime() + CAPACITY_WEEKS * WEEK_MS);
      const found = new Map(
        (await capacityByWeek(db, first, end, scope.product)).map((row) => [row.week, row]),
      );
      return weeksBetween(first, new Date(end.getTime() - 1)).map(
        (week) => found.get(week) ?? { week, published: 0, booked: 0, left: 0 },
      );
    },
  };

  return {
    /** One chart's rows, for the range and product asked (a range the rules refuse answers 400). */
    rows<C extends InsightChart>(chart: C, query: InsightsQuery): Promise<InsightRows[C][]> {
      const scope = scopeOf(query);
      return remembered(chart, scope, () => charts[chart](scope));
    },

    /** A unit moved or an order arrived (in the writer's transaction): the kept charts are stale. */
    async noteOrderChange(): Promise<void> {
      cache.clear();
      quietUntil = clock.now().getTime() + QUIET_AFTER_CHANGE_MS;
    },
  };
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

export type InsightsService = ReturnType<typeof createInsightsService>;
