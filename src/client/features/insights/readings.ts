/**
 * The one line under each Insights chart that says what it shows, computed from the same rows as the
 * chart and the table (docs/insights.md). Back-office English, like the rest of the back office.
 */
import { formatCents } from '../../../shared/format.js';
import { counted, plural } from '../../../shared/plural.js';
import type { InsightChart, InsightRows } from '../../../shared/schemas/insights.js';
import { STAGE_LABELS, type Stage } from '../../../shared/stages.js';

type Rows<C extends InsightChart> = readonly InsightRows[C][];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const units = (n: number) => counted(n, 'unit', 'units');
/** Days keep their decimals (4.5 days); counts are whole. */
const days = (n: number) => `${n} ${plural(n, 'day', 'days')}`;

function flow(rows: Rows<'flow'>): string {
  const last = rows.at(-1)?.week;
  const latest = rows.filter((row) => row.week === last && row.stage !== 'DELIVERED');
  const open = sum(latest.map((row) => row.units));
  const top = [...latest].sort((a, b) => b.units - a.units)[0];
  if (!top || open === 0) return 'No units are on their way in this range.';
  return `${units(open)} on their way at the end of the range; most of them in ${STAGE_LABELS[top.stage]} (${top.units}).`;
}

function throughput(rows: Rows<'throughput'>): string {
  const production = sum(rows.map((row) => row.production));
  const delivered = sum(rows.map((row) => row.delivered));
  return `${units(production)} entered production and ${units(delivered)} were delivered in ${rows.length} weeks.`;
}

function stageDurations(rows: Rows<'stage-durations'>): string {
  const grown = rows
    .filter((row) => row.changeDays !== null && row.changeDays > 0)
    .sort((a, b) => (b.changeDays ?? 0) - (a.changeDays ?? 0))[0];
  const slowest = rows
    .filter((row) => row.medianDays !== null)
    .sort((a, b) => (b.medianDays ?? 0) - (a.medianDays ?? 0))[0];
  if (!slowest) return 'No unit left a stage in this range.';
  const longest = `${STAGE_LABELS[slowest.stage]} takes longest (median ${days(slowest.medianDays ?? 0)})`;
  return grown
    ? `${longest}; ${STAGE_LABELS[grown.stage]} grew most, by ${days(grown.changeDays ?? 0)} over the range before.`
    : `${longest}; no stage took longer than in the range before.`;
}

function promises(rows: Rows<'promises'>): string {
  const tested = sum(rows.map((row) => row.units));
  const inside = sum(rows.map((row) => row.inside));
  if (tested === 0) return 'No delivery in this range can be checked against its window yet.';
  return `${Math.round((inside / tested) * 100)}% of ${tested} deliveries landed inside the window estimated when they entered production.`;
}

function waiting(rows: Rows<'waiting'>): string {
  const on = (side: 'customer' | 'company') =>
    sum(rows.filter((r) => r.waitingOn === side).map((r) => r.units));
  const longest = rows
    .filter((row) => row.medianDays !== null)
    .sort((a, b) => (b.medianDays ?? 0) - (a.medianDays ?? 0))[0];
  const head = `${units(on('customer'))} wait on customers and ${units(on('company'))} on the company`;
  return longest
    ? `${head}; the longest median wait is in ${STAGE_LABELS[longest.stage as Stage]} (${days(longest.medianDays ?? 0)}).`
    : `${head}.`;
}

function firstReply(rows: Rows<'first-reply'>): string {
  const waits = sum(rows.map((row) => row.waits));
  const answered = sum(rows.map((row) => row.answered));
  if (waits === 0) return 'No customer started a conversation in this range.';
  const slowest = rows
    .filter((row) => row.medianHours !== null)
    .sort((a, b) => (b.medianHours ?? 0) - (a.medianHours ?? 0))[0];
  const tail = slowest ? `; the slowest week's median reply took ${slowest.medianHours} h` : '';
  return `${answered} of ${waits} customer messages that started a wait were answered${tail}.`;
}

function deposits(rows: Rows<'deposits'>): string {
  const paid = rows.filter((row) => row.week !== null);
  const due = rows.find((row) => row.method === 'due')?.count ?? 0;
  const total = sum(paid.map((row) => row.amountCents ?? 0));
  const count = sum(paid.map((row) => row.count));
  return `${formatCents(total)} collected in ${counted(count, 'deposit', 'deposits')}; ${units(due)} still owe one.`;
}

function capacity(rows: Rows<'capacity'>): string {
  const published = sum(rows.map((row) => row.published));
  const booked = sum(rows.map((row) => row.booked));
  const left = sum(rows.map((row) => row.left));
  if (published === 0) return `No delivery day is published for the next ${rows.length} weeks.`;
  return `${published} places published for the next ${rows.length} weeks: ${booked} booked, ${left} left.`;
}

export function readingOf<C extends InsightChart>(chart: C, rows: Rows<C>): string {
  const all = rows as readonly never[];
  switch (chart) {
    case 'flow':
      return flow(all);
    case 'throughput':
      return throughput(all);
    case 'stage-durations':
      return stageDurations(all);
    case 'promises':
      return promises(all);
    case 'waiting':
      return waiting(all);
    case 'first-reply':
      return firstReply(all);
    case 'deposits':
      return deposits(all);
    default:
      return capacity(all);
  }
}
