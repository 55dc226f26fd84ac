import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedTemplate } from '../db/client.js';

/** Runs once before the server suites: migrate one embedded database and share its dump. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'orderflow-template-'));
  const path = join(dir, 'migrated.tar');
  const template = await dumpMigratedTemplate();
  writeFileSync(path, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
