/**
 * The performance budgets (docs/performance.md), one row each in the table's order, with the
 * benchmarks whose figures judge it. bench/run.ts prints them all at the end of a run, each with its
 * verdict from this run's figures, and writes them to .tmp/bench/summary.json; a row whose benchmarks
 * did not run says so, and a row measured by hand says where its figure is.
 */
export const BUDGETS = [
  {
    id: 'healthz',
    what: '`GET /healthz` through the full stack',
    goal: '>= 90% of the requests/s of a bare `node:http` server answering the same JSON, every run',
    benchmarks: ['healthz'],
  },
  {
    id: 'admin-orders-postgres',
    what: '`GET /api/admin/orders`, page 1 of 100 000 orders with one filter, on PostgreSQL',
    goal: '>= 85% of the requests/s of bare `node:http` + `pg` running the same SQL; p99 <= 1.3x',
    benchmarks: ['admin-orders'],
  },
  {
    id: 'admin-orders-pglite',
    what: 'the same route on the embedded PGlite',
    goal: '>= 50% of the PostgreSQL figure, no errors at 100 concurrent connections',
    benchmarks: ['admin-orders'],
  },
  {
    id: 'dashboard-insights',
    what: 'the dashboard at 100 000 orders, and each Insights chart',
    goal: '>= 50% of the requests/s of bare `node:http` + `pg` running the same SQL; p99 <= 1 s under 10 concurrent staff',
    benchmarks: ['dashboard', 'insights'],
  },
  {
    id: 'bulk-status',
    what: 'a bulk status change of 30 000 units over a filter (one job)',
    goal: '>= 50% of the units/s of hand-written set-based SQL doing the same writes in one transaction',
    benchmarks: ['bulk-status'],
  },
  {
    id: 'import',
    what: 'import of a 100 000-row CSV, end to end, on PostgreSQL',
    goal: '>= 85% of the rows/s of the best hand-written SQL doing the same work',
    benchmarks: ['import'],
  },
  {
    id: 'export',
    what: 'CSV export of 100 000 orders',
    goal: '>= 80% of `psql \\copy (SELECT ...) TO STDOUT CSV`; memory flat (streamed)',
    benchmarks: ['export'],
  },
  {
    id: 'ws-fanout',
    what: 'one status change to 1 000 WebSocket clients',
    goal: 'p95 <= 1.5x of a bare `ws` broadcast loop; messages/s over the delivery >= 90%; end to end >= 70%',
    benchmarks: ['ws-fanout'],
  },
  {
    id: 'ws-crowded',
    what: 'one status change reaching the 1 000 interested sockets among 10 000 open on one instance',
    goal: "p95 <= 1.5x a bare `ws` send to the same 1 000; memory per idle socket <= 2x the bare server's",
    benchmarks: ['ws-fanout'],
  },
  {
    id: 'auth-bundle',
    what: 'first load of `/auth`',
    goal: '<= 90 kB of compressed JavaScript (all three languages available); admin code in its own chunks',
    benchmarks: ['auth-bundle'],
  },
  {
    id: 'lighthouse',
    what: 'Lighthouse (phone and desktop) on `/auth`, `/orders`, `/admin`, `/admin/orders` with 100 000 orders, and a guest `/track/<token>`, served by `npm start`',
    goal: 'performance >= 98 on `/auth`, `/orders`, `/track` and >= 95 on the staff pages; accessibility 100, best practices 100; text compressed, hashed files cached a year',
    benchmarks: ['lighthouse'],
  },
  {
    id: 'embedded-memory',
    what: 'memory of the server on the embedded database, 100 000 orders loaded, after start-up',
    goal: '<= 250 MB RSS',
    benchmarks: ['embedded-memory'],
  },
  {
    id: 'start',
    what: '`npm start` on a fresh clone after `npm install`, to "serving"',
    goal: '<= 10 s on a quiet machine of this kind',
    benchmarks: ['start'],
  },
  {
    id: 'ci',
    what: 'CI (`.ci/run` on a clean clone, this 2-core machine)',
    goal: '<= 35 minutes, on Node 24',
    benchmarks: [],
  },
] as const;

export type BudgetId = (typeof BUDGETS)[number]['id'];

export type Verdict = 'met' | 'missed' | 'not measured in this run' | 'measured by hand';

export interface BudgetSummary {
  budget: BudgetId;
  what: string;
  goal: string;
  verdict: Verdict;
  /** This run's figures, one per benchmark that measured the row. */
  figures: { benchmark: string; figure: string; met: boolean }[];
  /** Why a row has no verdict from its figures alone: the benchmarks that did not run, or crashed. */
  note?: string;
}

export const BY_HAND_NOTE = 'measured by hand, see docs/performance.md';

/**
 * Every budget row with its verdict from the figures of the benchmarks that ran: missed when any
 * figure missed; met when every benchmark of the row ran and met it; otherwise not measured in this run.
 */
export function summarise(
  results: Map<string, { figures: { budget: BudgetId; figure: string; met: boolean }[] } | 'crashed'>,
): BudgetSummary[] {
  return BUDGETS.map((row) => {
    const figures = row.benchmarks.flatMap((name) => {
      const result = results.get(name);
      if (!result || result === 'crashed') return [];
      return result.figures
        .filter((f) => f.budget === row.id)
        .map((f) => ({ benchmark: name, figure: f.figure, met: f.met }));
    });
    const absent: string[] = row.benchmarks.filter((name) => !results.has(name));
    const crashed: string[] = row.benchmarks.filter((name) => results.get(name) === 'crashed');
    const base = { budget: row.id, what: row.what, goal: row.goal, figures };
    if (row.benchmarks.length === 0) return { ...base, verdict: 'measured by hand', note: BY_HAND_NOTE };
    const notes = [
      ...(absent.length ? [`${absent.join(' and ')} not run`] : []),
      ...(crashed.length ? [`${crashed.join(' and ')} crashed`] : []),
    ];
    const note = notes.length ? notes.join('; ') : undefined;
    if (figures.some((f) => !f.met)) return { ...base, verdict: 'missed', ...(note && { note }) };
    if (figures.length > 0 && !note) return { ...base, verdict: 'met' };
    return { ...base, verdict: 'not measured in this run', ...(note && { note }) };
  });
}

/** The summary as one Markdown table (pasteable into docs/performance.md), one row per budget. */
export function summaryTable(rows: BudgetSummary[]): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = ['| budget | goal | this run | verdict |', '|---|---|---|---|'];
  for (const row of rows) {
    const figures = row.figures.map((f) =>
      row.figures.length > 1 || f.benchmark !== row.budget ? `${f.benchmark}: ${f.figure}` : f.figure,
    );
    const verdict =
      row.note && row.verdict !== 'measured by hand' ? `${row.verdict} (${row.note})` : row.verdict;
    lines.push(
      `| ${cell(row.what)} | ${cell(row.goal)} | ${cell(figures.join('; ') || '-')} | ${cell(verdict === 'measured by hand' ? BY_HAND_NOTE : verdict)} |`,
    );
  }
  return lines;
}
