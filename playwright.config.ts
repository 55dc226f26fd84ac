import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in a real Chromium against the built product (`node dist/server/main.js`), which
 * e2e/global-setup.ts starts on a fresh data folder with a local SMTP catcher. The base URL is only
 * known once that server listens, so the fixtures in e2e/support/test.ts supply it.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One worker: the journeys share one server and one mail catcher, and stay deterministic that way.
  workers: 1,
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
