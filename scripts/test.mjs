#!/usr/bin/env node
// `npm test`: lint, typecheck, the dependency rules, every Vitest suite, then the Playwright suite when a Chromium is found.
// Ends with one plain line 'N passed, N failed' summing the suites that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const reports = join('.tmp', 'test-reports');
mkdirSync(reports, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

/**
 * Debian's headless shell first (package chromium-headless-shell): Chromium's own engine without the
 * browser's window machinery, which is what Playwright itself runs headless. The full browser spent
 * twice its CPU on the same page loads, and the end-to-end suite is CI's longest step.
 */
function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((path) => path && existsSync(path));
}

// --server-only: just the server suites, the heavy ones included (CI runs them a second time against a
// PostgreSQL server).
const serverOnly = process.argv.includes('--server-only');
const label = serverOnly ? 'server' : 'all';

let ok = true;
if (!serverOnly) {
  ok = run('lint (biome)', 'npx', ['biome', 'check', '.']) && ok;
  ok = run('typecheck (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) && ok;
  // The server's own settings (Node's module resolution, no DOM): what the build (esbuild) does not check.
  ok =
    run('typecheck of the server (tsc, tsconfig.server.json)', 'npx', [
      'tsc',
      '-p',
      'tsconfig.server.json',
    ]) && ok;
  ok =
    run('dependency rules (dependency-cruiser, .dependency-cruiser.cjs)', 'npx', [
      'depcruise',
      'src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]) && ok;
}

const vitestReport = join(reports, `vitest-${label}.json`);
rmSync(vitestReport, { force: true });
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
ok =
  run(`vitest (${serverOnly ? 'server suites' : 'all suites'}, ${database})`, 'npx', [
    'vitest',
    'run',
    ...(serverOnly ? ['--project', 'server', '--project', 'server-heavy'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]) && ok;
const totals = counts(vitestReport, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));

const chromium = findChromium();
if (serverOnly) {
  // the browser suite runs once, in the full run
} else if (process.env.SKIP_E2E === '1') {
  console.log('\ne2e skipped: SKIP_E2E=1');
} else if (!chromium) {
  console.log(
    '\ne2e skipped: no Chromium found (set CHROMIUM_PATH or install Debian chromium-headless-shell)',
  );
  if (process.env.REQUIRE_E2E === '1') {
    console.log('REQUIRE_E2E=1: a missing Chromium fails the run');
    ok = false;
  }
} else {
  const e2eReport = join(reports, 'playwright.json');
  rmSync(e2eReport, { force: true });
  const e2eOk = run('end-to-end (playwright)', 'npm', ['run', 'test:e2e', '--', '--reporter=list,json'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = counts(e2eReport, (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected }));
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
  ok = e2eOk && ok;
}

writeFileSync(join(reports, `totals-${label}.json`), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
