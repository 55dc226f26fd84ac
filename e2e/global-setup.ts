/**
 * Starts what the journeys run against: per Playwright worker, the built server on a free port with a
 * data folder of its own and a local SMTP catcher of its own (read back over HTTP by the worker); one
 * stand-in for the signing partner serves them all. The data is seeded once and copied for each
 * server, so every worker starts from the same orders and no journey sees another worker's changes.
 * The returned function is Playwright's teardown.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startDocumentServer } from './support/document-server.js';
import { ENV_SERVERS } from './support/env.js';
import { seedJourneyData } from './support/seed.js';
import { startJourneyServer } from './support/server.js';

export default async function globalSetup(config: FullConfig) {
  const documents = await startDocumentServer();
  const seeded = mkdtempSync(join(tmpdir(), 'orderflow-e2e-'));
  await seedJourneyData(seeded, documents.url);
  const dataDirs = [seeded];
  for (let index = 1; index < config.workers; index += 1) {
    const copy = mkdtempSync(join(tmpdir(), 'orderflow-e2e-'));
    cpSync(seeded, copy, { recursive: true });
    dataDirs.push(copy);
  }

  const started = await Promise.allSettled(dataDirs.map((dataDir) => startJourneyServer(dataDir)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await documents.close();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }

  process.env[ENV_SERVERS] = JSON.stringify(servers.map((server) => server.journeyServer));
  return teardown;
}
