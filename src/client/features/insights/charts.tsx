/**
 * The Insights charts, drawn with Recharts (decision 277). This module is the only one that imports the
 * library, and the page loads it lazily, so its chunk reaches no other screen. Colours are the theme's
 * CSS variables (the brand colour is --primary), so light, dark and a company's colour apply as they do
 * everywhere else; every chart has its table beside it for reading the exact figures.
 */
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { InsightChart, InsightRows } from '../../../shared/schemas/insights.js';
import { STAGE_LABELS, STAGES, type Stage } from '../../../shared/stages.js';

/** A shade of the brand colour: `share` of it mixed into the card's background (sRGB keeps its hue). */
const brand = (share: number) => `color-mix(in srgb, var(--primary) ${share}%, var(--card))`;
const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12 };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
  },
  labelStyle: { color: 'var(--popover-foreground)' },
};
/** Shades from light (early stages) to the full brand colour (delivered). */
const STAGE_FILL = Object.fromEntries(
  STAGES.map((stage, index) => [stage, brand(Math.round(20 + (80 * index) / (STAGES.length - 1)))]),
) as Record<Stage, string>;

const shortWeek = (week: string) => week.slice(5);
/** Legend names in the text colour (the library would write each in its series' colour, too pale to read). */
const legendText = (value: string) => <span className="text-foreground text-sm">{value}</span>;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="h-64 w-full sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

type Rows<C extends InsightChart> = readonly InsightRows[C][];

function FlowChart({ rows }: { rows: Rows<'flow'> }) {
  const weeks = new Map<string, Record<string, number | string>>();
  for (const row of rows) {
    const point = weeks.get(row.week) ?? { week: row.week };
    point[row.stage] = row.units;
    weeks.set(row.week, point);
  }
  return (
    <Frame>
      <AreaChart data={[...weeks.values()]} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} {...AXIS} />
        <YAxis allowDecimals={false} width={40} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        {STAGES.map((stage) => (
          <Area
            key={stage}
            type="monotone"
            dataKey={stage}
            name={STAGE_LABELS[stage]}
            stackId="units"
            stroke={STAGE_FILL[stage]}
            fill={STAGE_FILL[stage]}
            fillOpacity={0.85}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </Frame>
  );
}

function ThroughputChart({ rows }: { rows: Rows<'throughput'> }) {
  return (
    <Frame>
      <BarChart data={[...rows]} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} {...AXIS} />
        <YAxis allowDecimals={false} width={40} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)' }} />
        <Legend formatter={legendText} />
        <Bar dataKey="production" name="Entered production" fill={brand(45)} isAnimationActive={false} />
        <Bar dataKey="delivered" name="Delivered" fill={brand(100)} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

function StageDurationsChart({ rows }: { rows: Rows<'stage-durations'> }) {
  const data = rows.map((row) => ({ ...row, label: STAGE_LABELS[row.stage] }));
  return (
    <Frame>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" unit=" d" {...AXIS} />
        <YAxis type="category" dataKey="label" width={120} interval={0} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)' }} />
        <Legend formatter={legendText} />
        <Bar dataKey="medianDays" name="Median days" fill={brand(100)} isAnimationActive={false} />
        <Bar dataKey="p90Days" name="90th percentile days" fill={brand(40)} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

function PromisesChart({ rows }: { rows: Rows<'promises'> }) {
  const data = rows.map((row) => ({
    month: row.month,
    coverage: row.coverage === null ? null : Math.round(row.coverage * 1000) / 10,
    error: row.meanAbsoluteErrorDays,
  }));
  return (
    <Frame>
      <LineChart data={data} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="month" {...AXIS} />
        <YAxis yAxisId="share" domain={[0, 100]} unit="%" width={48} {...AXIS} />
        <YAxis yAxisId="days" orientation="right" unit=" d" width={48} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend formatter={legendText} />
        <Line
          yAxisId="share"
          dataKey="coverage"
          name="Inside the window (%)"
          stroke={brand(100)}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="days"
          dataKey="error"
          name="Mean error (days)"
          stroke="var(--warning)"
          strokeWidth={2}
          strokeDasharray="4 3"
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

function WaitingChart({ rows }: { rows: Rows<'waiting'> }) {
  const data = rows.map((row) => ({ ...row, label: STAGE_LABELS[row.stage] }));
  return (
    <Frame>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="label" width={120} interval={0} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)' }} />
        <Bar dataKey="units" name="Units waiting" isAnimationActive={false}>
          {data.map((row) => (
            <Cell key={row.stage} fill={row.waitingOn === 'customer' ? 'var(--warning)' : brand(100)} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

function FirstReplyChart({ rows }: { rows: Rows<'first-reply'> }) {
  return (
    <Frame>
      <LineChart data={[...rows]} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} {...AXIS} />
        <YAxis unit=" h" width={48} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend formatter={legendText} />
        <Line
          dataKey="medianHours"
          name="Median hours"
          stroke={brand(100)}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          dataKey="p90Hours"
          name="90th percentile hours"
          stroke={brand(45)}
          strokeWidth={2}
          strokeDasharray="4 3"
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

function DepositsChart({ rows }: { rows: Rows<'deposits'> }) {
  const methods = [...new Set(rows.filter((row) => row.week !== null).map((row) => row.method))];
  const weeks = new Map<string, Record<string, number | string>>();
  for (const row of rows) {
    if (row.week === null) continue;
    const point = weeks.get(row.week) ?? { week: row.week };
    point[row.method] = (row.amountCents ?? 0) / 100;
    weeks.set(row.week, point);
  }
  return (
    <Frame>
      <BarChart data={[...weeks.values()]} margin={{ left: 8, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} {...AXIS} />
        <YAxis unit="$" width={64} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)' }} />
        <Legend formatter={legendText} />
        {methods.map((method, index) => (
          <Bar
            key={method}
            dataKey={method}
            stackId="amount"
            fill={brand(100 - ((index * 35) % 70))}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Frame>
  );
}

function CapacityChart({ rows }: { rows: Rows<'capacity'> }) {
  return (
    <Frame>
      <BarChart data={[...rows]} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="week" tickFormatter={shortWeek} {...AXIS} />
        <YAxis allowDecimals={false} width={40} {...AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--muted)' }} />
        <Legend formatter={legendText} />
        <Bar dataKey="booked" name="Booked" stackId="places" fill={brand(100)} isAnimationActive={false} />
        <Bar dataKey="left" name="Left" stackId="places" fill={brand(30)} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** The chart of one Insights figure; its rows are the same the table and the CSV show. */
export default function InsightChartView<C extends InsightChart>({
  chart,
  rows,
}: {
  chart: C;
  rows: Rows<C>;
}) {
  switch (chart) {
    case 'flow':
      return <FlowChart rows={rows as Rows<'flow'>} />;
    case 'throughput':
      return <ThroughputChart rows={rows as Rows<'throughput'>} />;
    case 'stage-durations':
      return <StageDurationsChart rows={rows as Rows<'stage-durations'>} />;
    case 'promises':
      return <PromisesChart rows={rows as Rows<'promises'>} />;
    case 'waiting':
      return <WaitingChart rows={rows as Rows<'waiting'>} />;
    case 'first-reply':
      return <FirstReplyChart rows={rows as Rows<'first-reply'>} />;
    case 'deposits':
      return <DepositsChart rows={rows as Rows<'deposits'>} />;
    default:
      return <CapacityChart rows={rows as Rows<'capacity'>} />;
  }
}
