import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in a real Chromium against the built product (`node dist/server/main.js`), which
 * e2e/global-setup.ts starts once per worker, each on a copy of the seeded data folder with a local
 * SMTP catcher of its own. The base URL is only known once a server listens, so the fixtures in
 * e2e/support/test.ts supply it.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two workers, each with a server, a mail catcher and a data folder of its own: one worker kept the
  // 2-core CI machine about 60% busy (the browser waits on the server and the other way round).
  // Within a file the journeys run in order, as they build on each other.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: 'list',
  // Journeys with a second signed-in browser run 20-35 s on a 2-CPU CI machine that also runs the
  // server and Chromium; a step that hangs still fails on the 10 s expect timeout.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // scripts/test.mjs names the headless shell when the machine has it.
      executablePath:
        process.env.CHROMIUM_PATH ||
        (existsSync('/usr/bin/chromium-headless-shell')
          ? '/usr/bin/chromium-headless-shell'
          : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
