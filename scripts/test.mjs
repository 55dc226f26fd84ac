#!/usr/bin/env node
// `npm test`: lint, typecheck, the dependency rules, every Vitest suite, then the Playwright suite when a Chromium is found.
// Ends with one plain line 'N passed, N failed' summing the suites that ran.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * The static checks run side by side (each is single-threaded and they take about a minute one after
 * the other); each one's output is printed whole, in this order, once all have ended.
 */
async function runSideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => resolve({ title, output: `${output}${error.message}\n`, ok: false }));
          child.on('close', (code) => resolve({ title, output, ok: code === 0 }));
        }),
    ),
  );
  for (const { title, output } of results) {
    console.log(`\n▶ ${title}`);
    process.stdout.write(output);
  }
  return results.every((result) => result.ok);
}

let ok = true;
if (!serverOnly) {
  ok = await runSideBySide([
    { title: 'lint (biome)', command: 'npx', args: ['biome', 'check', '.'] },
    { title: 'typecheck (tsc)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
    // The server's own settings (Node's module resolution, no DOM): what the build (esbuild) does not check.
    {
      title: 'typecheck of the server (tsc, tsconfig.server.json)',
      command: 'npx',
      args: ['tsc', '-p', 'tsconfig.server.json'],
    },
    {
      title: 'dependency rules (dependency-cruiser, .dependency-cruiser.cjs)',
      command: 'npx',
      args: ['depcruise', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    },
  ]);
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
