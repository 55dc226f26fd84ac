/**
 * Lighthouse, mobile and desktop, on /auth (signed out), /orders (a customer), /admin and
 * /admin/orders (an admin), served as `npm start` serves them (the built server, `node
 * dist/server/main.js`, on the embedded database) with 100 000 orders seeded. Goals: performance >= 95,
 * accessibility 100, best practices 100 on every page and form factor; and every text asset the pages
 * load served compressed (brotli or gzip) when it is worth it (over the server's 1 kB threshold), with
 * a year of caching for the hashed files under /assets. The session cookie travels in Lighthouse's
 * extraHeaders; Chromium is /usr/bin/chromium unless CHROMIUM_PATH names another.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import { eq, isNotNull } from 'drizzle-orm';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { orders } from '../../src/server/db/schema/orders.js';
import { createSessionStore } from '../../src/server/features/auth/sessions.js';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/server/http/compression.js';
import { SESSION_COOKIE } from '../../src/server/http/session.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { type Benchmark, verdict } from '../lib/benchmark.js';
import { startBuiltServer } from '../lib/built-server.js';
import { type BenchDatabase, createPgliteDatabase } from '../lib/databases.js';
import { prepare } from './admin-orders.js';

const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof GOALS;
const CATEGORIES = Object.keys(GOALS) as Category[];
const YEAR_SECONDS = 31_536_000;
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

type Visitor = 'visitor' | 'customer' | 'admin';
/** `/track/:token` is the customer's first order's tracking page, opened signed out as a guest does. */
const PAGES: { path: string; as: Visitor }[] = [
  { path: '/auth', as: 'visitor' },
  { path: '/orders', as: 'customer' },
  { path: '/track/:token', as: 'visitor' },
  { path: '/admin', as: 'admin' },
  { path: '/admin/orders', as: 'admin' },
];
const FORM_FACTORS = ['mobile', 'desktop'] as const;

/**
 * BENCH_LIGHTHOUSE_ONLY narrows a run to some pages and form factors while working on them
 * (`/orders,/track/:token mobile`): a whole run takes many minutes on a shared machine.
 */
function selected(): { pages: typeof PAGES; formFactors: readonly (typeof FORM_FACTORS)[number][] } {
  const only = process.env.BENCH_LIGHTHOUSE_ONLY?.trim();
  if (!only) return { pages: PAGES, formFactors: FORM_FACTORS };
  const [paths = '', formFactor] = only.split(/\s+/);
  const wanted = new Set(paths.split(','));
  return {
    pages: PAGES.filter((page) => wanted.has(page.path)),
    formFactors: FORM_FACTORS.filter((f) => formFactor === undefined || f === formFactor),
  };
}

/** A session for a customer who has orders among the seeded ones, and their first order's tracking token. */
async function customerVisit(target: BenchDatabase): Promise<{ cookie: string; trackingToken: string }> {
  const database = await target.open();
  try {
    const [owner] = await database.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(isNotNull(orders.userId))
      .limit(1);
    if (!owner?.userId) throw new Error('no seeded order has a customer');
    const [first] = await database.db
      .select({ trackingToken: orders.trackingToken })
      .from(orders)
      .where(eq(orders.userId, owner.userId))
      .orderBy(orders.id)
      .limit(1);
    if (!first) throw new Error('the customer has no orders');
    const { token } = await createSessionStore(database.db, systemClock, 24).create(owner.userId, {
      userAgent: 'bench',
    });
    return { cookie: `${SESSION_COOKIE}=${token}`, trackingToken: first.trackingToken };
  } finally {
    await database.close();
  }
}

interface PageReport {
  page: string;
  formFactor: (typeof FORM_FACTORS)[number];
  scores: Record<Category, number>;
  /** Audits below full marks in the categories that count, with their score. */
  failing: string[];
  metrics: string;
  /** Same-origin URLs the page loaded, for the compression and caching check. */
  urls: string[];
}

function summarise(lhr: Result, page: string, formFactor: PageReport['formFactor']): PageReport {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push(
        `${ref.id} ${audit.score.toFixed(2)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
      );
    }
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)
    ?.items;
  return {
    page,
    formFactor,
    scores,
    failing,
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    urls: (requests ?? []).map((item) => item.url).filter((url) => url.startsWith(origin)),
  };
}

/** Each text answer over the threshold compressed; each hashed file cached for a year. */
async function checkDelivery(urls: Iterable<string>, cookies: Record<Visitor, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const url of urls) {
    const path = new URL(url).pathname;
    const cookie = path.startsWith('/api/admin') ? cookies.admin : cookies.customer;
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', cookie } });
    const body = await response.arrayBuffer();
    const type = response.headers.get('content-type') ?? '';
    const encoding = response.headers.get('content-encoding');
    // fetch decodes the body: its length is the uncompressed size.
    if (
      TEXT_TYPE.test(type) &&
      body.byteLength > COMPRESS_THRESHOLD_BYTES &&
      !/^(br|gzip)$/.test(encoding ?? '')
    ) {
      problems.push(`${path}: ${type}, ${body.byteLength} bytes, not compressed`);
    }
    if (path.startsWith('/assets/')) {
      const cache = response.headers.get('cache-control') ?? '';
      const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1] ?? 0);
      if (maxAge < YEAR_SECONDS) problems.push(`${path}: cache-control '${cache}'`);
    }
  }
  return problems;
}

/**
 * With BENCH_LIGHTHOUSE_REPORTS=<folder>, each page's whole Lighthouse result is written there as JSON
 * (long tasks, main-thread breakdown, script boot-up), for finding what a score is made of.
 */
function saveReport(lhr: Result, page: string, formFactor: PageReport['formFactor']) {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = page.replace(/^\//, '').replace(/\//g, '-') || 'home';
  writeFileSync(join(folder, `${name}-${formFactor}.json`), JSON.stringify(lhr));
}

/** Attempts per page when Lighthouse fails to record its trace (not a figure of the page). */
const TRACE_ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, run again (up to TRACE_ATTEMPTS) when Lighthouse could not record the
 * load (`NO_NAVSTART` and the like) or found no largest contentful paint in its trace (`NO_LCP`; a
 * PerformanceObserver in the same page sees one): on this machine that happens in about one run in
 * three, and a report without the metric says nothing about the page. The last attempt's report stands whatever it says.
 */
async function measurePage(url: string, flags: Flags, formFactor: PageReport['formFactor']): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const traceFailed =
      lhr.runtimeError !== undefined || lhr.audits['largest-contentful-paint']?.scoreDisplayMode === 'error';
    if (!traceFailed || attempt >= TRACE_ATTEMPTS) return lhr;
    console.log(`  ${url} ${formFactor}: Lighthouse recorded no usable trace, measuring again`);
  }
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  async run() {
    const target = createPgliteDatabase('lighthouse');
    let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
    let chrome: Awaited<ReturnType<typeof launch>> | undefined;
    try {
      const admin = await prepare(target);
      const customer = await customerVisit(target);
      const cookies: Record<Visitor, string> = { visitor: '', customer: customer.cookie, admin };
      const { pages, formFactors } = selected();
      server = await startBuiltServer(target.dataDir ?? '');
      chrome = await launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      const reports: PageReport[] = [];
      for (const { path: page, as } of pages) {
        const path = page.replace(':token', customer.trackingToken);
        for (const formFactor of formFactors) {
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            ...(cookies[as] && { extraHeaders: { Cookie: cookies[as] } }),
          };
          // Once before measuring, as a server that has been running has: the first customer page after
          // a start loads the module that draws first screens (decision 300).
          await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', cookie: cookies[as] } });
          const lhr = await measurePage(`${server.url}${path}`, flags, formFactor);
          saveReport(lhr, page, formFactor);
          if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
          reports.push(summarise(lhr, page, formFactor));
        }
      }
      const delivery = await checkDelivery(new Set(reports.flatMap((r) => r.urls)), cookies);

      let passed = delivery.length === 0;
      const lines = [
        'lighthouse: built server on the embedded database, 100,000 orders; goals ' +
          CATEGORIES.map((id) => `${id} >= ${GOALS[id]}`).join(', '),
      ];
      for (const report of reports) {
        const ok = CATEGORIES.every((id) => report.scores[id] >= GOALS[id]);
        passed &&= ok;
        lines.push(
          `  ${report.page} ${report.formFactor}: ${CATEGORIES.map((id) => `${id} ${report.scores[id]}`).join(', ')} ${verdict(ok)}; ${report.metrics}`,
        );
        for (const failing of report.failing) lines.push(`    below full marks: ${failing}`);
      }
      lines.push(
        `  text assets compressed, hashed files cached for a year: ${delivery.length === 0 ? 'yes' : delivery.join('; ')} ${verdict(delivery.length === 0)}`,
      );
      return { passed, lines };
    } finally {
      chrome?.kill();
      await server?.stop();
      await target.drop();
    }
  },
};
