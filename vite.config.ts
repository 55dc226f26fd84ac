/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { chunkFor } from './scripts/chunk-plan';
import { pagePreloads, themeScript } from './scripts/page-preloads';

// The API server; the dev proxy keeps the browser's Origin as it is (no changeOrigin): the server
// compares it with PUBLIC_URL, which scripts/dev.mjs sets to this server's address.
const apiTarget = 'http://127.0.0.1:5000';

// The server suites that start whole server processes or move large data: the `server-heavy` project.
const HEAVY_SERVER_SUITES = [
  'src/server/main.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/live/scale-out.test.ts',
  'src/server/features/imports/large.test.ts',
  'src/server/features/admin-orders/export-large.test.ts',
  'src/server/features/payments/stripe-key.test.ts',
  'src/server/db/backup.test.ts',
];

const serverSuites = {
  include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
  environment: 'node',
  setupFiles: ['src/server/test/setup.ts'],
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // The Brotli and gzip copies the server sends are written after the build (scripts/build-steps.mjs).
  plugins: [react(), tailwindcss(), themeScript(), pagePreloads()],
  build: {
    outDir: 'dist/client',
    // The previous builds' chunks stay for tabs opened before a deploy; scripts/build.mjs
    // removes what none of the last three builds uses.
    emptyOutDir: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // A few chunks per page instead of one per set of screens sharing a module (scripts/chunk-plan.ts);
        // the plan names each module's chunk itself, so a group does not pull in its modules' imports.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: chunkFor, debugName: 'chunk-plan' }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/healthz': { target: apiTarget },
      '/readyz': { target: apiTarget },
    },
  },
  test: {
    // Vitest's default on a 2-CPU machine is one worker. The server suites spend much of their time
    // waiting (child processes, sockets, SMTP, timers), so two files at a time use the machine better.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...serverSuites,
          name: 'server',
          exclude: [...configDefaults.exclude, ...HEAVY_SERVER_SUITES],
          fileParallelism: true,
        },
      },
      {
        // Whole server processes, 100 000 rows, a 51 MB workbook, kill -9: alone, one file at a time,
        // once the other projects are done, so they neither starve the quick suites
        // nor are starved by them.
        test: {
          ...serverSuites,
          name: 'server-heavy',
          include: HEAVY_SERVER_SUITES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // Caps for a test that hangs: every wait in these suites ends on its condition (a log line, a
          // process's exit, a response), and on a busy machine a server start alone passes 30 s.
          testTimeout: 10 * 60_000,
          hookTimeout: 10 * 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/client/test/setup.ts'],
          // The longest journeys (the admin filter dialog) take 2-3 s alone and have passed 15 s on a
          // busy machine; a test's waits end on their conditions (src/client/test/utils.tsx WAIT_CAP_MS),
          // so this cap is only reached by a test that hangs.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
