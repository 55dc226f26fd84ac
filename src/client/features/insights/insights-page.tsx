import { Download } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { formatCents } from '../../../shared/format.js';
import { INSIGHT_COLUMNS, type InsightChart, type InsightRows } from '../../../shared/schemas/insights.js';
import { STAGE_LABELS, type Stage } from '../../../shared/stages.js';
import { LoadFailed } from '../../components/load-failed';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { type InsightsFilter, insightCsvUrl, useInsight } from './api';
import { readingOf } from './readings';

// The charting library comes with this module only, after the page's own code (decision 277).
const InsightChartView = lazy(() => import('./charts'));

/** Each chart's title, in the order of the screen. */
const CHARTS: readonly { chart: InsightChart; title: string }[] = [
  { chart: 'flow', title: 'Units in each stage' },
  { chart: 'throughput', title: 'Throughput per week' },
  { chart: 'stage-durations', title: 'Time in each stage' },
  { chart: 'promises', title: 'Promises kept' },
  { chart: 'waiting', title: 'Waiting on whom' },
  { chart: 'first-reply', title: 'First reply to customers' },
  { chart: 'deposits', title: 'Deposits collected' },
  { chart: 'capacity', title: 'Delivery capacity ahead' },
];

const COLUMN_LABELS: Record<string, string> = {
  week: 'Week of',
  month: 'Month',
  stage: 'Stage',
  units: 'Units',
  production: 'Entered production',
  delivered: 'Delivered',
  stays: 'Stays',
  medianDays: 'Median days',
  p90Days: '90th pct. days',
  previousMedianDays: 'Median days before',
  changeDays: 'Change (days)',
  inside: 'Inside window',
  coverage: 'Share inside',
  meanAbsoluteErrorDays: 'Mean error (days)',
  waitingOn: 'Waiting on',
  waits: 'Waits started',
  answered: 'Answered',
  medianHours: 'Median hours',
  p90Hours: '90th pct. hours',
  method: 'Method',
  count: 'Count',
  amountCents: 'Amount',
  published: 'Published',
  booked: 'Booked',
  left: 'Left',
};

function cellText(column: string, value: unknown): string {
  if (value === null || value === undefined) return column === 'week' ? 'Still due' : '—';
  if (column === 'stage') return STAGE_LABELS[value as Stage] ?? String(value);
  if (column === 'amountCents') return formatCents(value as number);
  if (column === 'coverage') return `${Math.round((value as number) * 1000) / 10}%`;
  if (column === 'method' && value === 'due') return 'Units owing a deposit';
  return String(value);
}

/**
 * Insights: how the business runs, for staff with `insights.read`. One range and product for every
 * chart; each chart has its table (a tab away, by keyboard too), its CSV and a line that reads it.
 * The numbers are the server's (docs/insights.md); a live update refreshes them (api.ts).
 */
export default function InsightsPage() {
  const [filter, setFilter] = useState<InsightsFilter>({});
  return (
    <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Insights</h1>
        <p className="text-muted-foreground text-sm">
          Where units wait, how long each stage takes, and whether promises are kept. The last 12 weeks unless
          you choose other days; days are counted in UTC.
        </p>
      </div>
      <InsightsFilters onApply={setFilter} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[repeat(2,minmax(0,1fr))]">
        {CHARTS.map(({ chart, title }) => (
          <ChartCard key={chart} chart={chart} title={title} filter={filter} />
        ))}
      </div>
    </section>
  );
}

function InsightsFilters({ onApply }: { onApply: (filter: InsightsFilter) => void }) {
  const id = useId();
  return (
    <form
      aria-label="Choose the days and product"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = String(data.get(name) ?? '').trim();
          return value === '' ? undefined : value;
        };
        onApply({ from: text('from'), to: text('to'), product: text('product') });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} name="from" type="date" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} name="to" type="date" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-product`}>Product</Label>
        <Input id={`${id}-product`} name="product" type="search" placeholder="Any product" />
      </div>
      <Button type="submit">Apply</Button>
    </form>
  );
}

function ChartCard<C extends InsightChart>({
  chart,
  title,
  filter,
}: {
  chart: C;
  title: string;
  filter: InsightsFilter;
}) {
  const query = useInsight(chart, filter);
  const headingId = useId();
  const rows = query.data;
  return (
    <Card
      className="grid min-w-0 content-start gap-3 p-4 sm:p-6"
      aria-labelledby={headingId}
      aria-busy={query.isFetching || undefined}
      data-chart={chart}
      role="region"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg leading-tight tracking-tight">
          {title}
        </h2>
        <a
          href={insightCsvUrl(chart, filter)}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`Download ${title} as CSV`}
        >
          <Download aria-hidden="true" />
          CSV
        </a>
      </div>
      {query.isError && !rows && (
        <LoadFailed onRetry={() => query.refetch()}>We could not load this chart.</LoadFailed>
      )}
      {!rows && !query.isError && <Skeleton className="h-72 w-full" />}
      {rows && (
        <>
          <p className="text-sm" data-reading>
            {readingOf(chart, rows)}
          </p>
          <Tabs defaultValue="chart" className="grid gap-3">
            <TabsList aria-label={`${title}: chart or table`} className="w-fit">
              <TabsTrigger value="chart">Chart</TabsTrigger>
              <TabsTrigger value="table">Table</TabsTrigger>
            </TabsList>
            <TabsContent value="chart">
              <figure aria-label={`${title} chart`} className="m-0">
                <Suspense fallback={<Skeleton className="h-64 w-full sm:h-72" />}>
                  <InsightChartView chart={chart} rows={rows} />
                </Suspense>
              </figure>
            </TabsContent>
            <TabsContent value="table">
              <InsightTable chart={chart} title={title} rows={rows} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </Card>
  );
}

function InsightTable<C extends InsightChart>({
  chart,
  title,
  rows,
}: {
  chart: C;
  title: string;
  rows: readonly InsightRows[C][];
}) {
  const columns = INSIGHT_COLUMNS[chart] as readonly string[];
  return (
    // A table that scrolls is reached by keyboard to scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="max-h-96 overflow-auto" tabIndex={0} aria-label={`${title} table`}>
      <Table>
        <caption className="sr-only">{title}</caption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column} scope="col">
                {COLUMN_LABELS[column] ?? column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            // Rows have no id of their own; their order is the server's and stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index}>
              {columns.map((column) => (
                <TableCell key={column} className="whitespace-nowrap tabular-nums">
                  {cellText(column, (row as Record<string, unknown>)[column])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
