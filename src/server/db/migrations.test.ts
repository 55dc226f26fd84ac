import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../../../drizzle.config.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const drizzleKit = join(root, 'node_modules/drizzle-kit/bin.cjs');

/**
 * What `npm run db:generate` would write now, run against a copy of drizzle/ so the repository is
 * never touched. drizzle-kit takes its output folder relative to where it runs, so it runs in the copy.
 */
async function pendingMigrations(): Promise<{ files: Record<string, string>; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'orderflow-migrations-'));
  try {
    await cp(join(root, 'drizzle'), join(dir, 'drizzle'), { recursive: true });
    const before = new Set(await readdir(join(dir, 'drizzle')));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        drizzleKit,
        'generate',
        '--dialect',
        drizzleConfig.dialect,
        '--schema',
        resolve(root, String(drizzleConfig.schema)),
        '--out',
        './drizzle',
      ],
      { cwd: dir, timeout: 60_000 },
    );
    const added = (await readdir(join(dir, 'drizzle'))).filter((name) => !before.has(name));
    const files = Object.fromEntries(
      await Promise.all(
        added.map(async (name) => [name, await readFile(join(dir, 'drizzle', name), 'utf8')]),
      ),
    );
    return { files, output: `${stdout}\n${stderr}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the schema and the migrations', () => {
  it('agree: drizzle-kit finds nothing in src/server/db/schema.ts that drizzle/ lacks', async () => {
    const { files, output } = await pendingMigrations();
    expect(files, 'schema.ts changed without its migration: run `npm run db:generate` and commit it').toEqual(
      {},
    );
    // drizzle-kit ends with code 0 and writes nothing when it fails, e.g. when a change may be a rename
    // and it would have to ask (it asks only on a terminal): only its all-clear line means agreement.
    expect(output).toContain('No schema changes, nothing to migrate');
  });
});
