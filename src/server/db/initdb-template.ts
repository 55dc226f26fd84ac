import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { extract } from 'tar';
import { PROJECT_ROOT } from '../lib/project-root.js';
import { makePrivateFolder } from './data-dir.js';

/**
 * A new embedded database on disk starts from a committed copy of what PGlite's initdb makes
 * (decision 236): initdb runs PostgreSQL's bootstrap in WebAssembly, about 5 s of one core, which was
 * half of a first `npm start`. The copy is the bare cluster, before any migration, so it changes only
 * with PGlite itself; `npm run db:template` makes it, and `initdb-template.test.ts` fails when the
 * installed PGlite has none.
 */
export const TEMPLATE_FOLDER = join(PROJECT_ROOT, 'drizzle/initdb');

/** The installed PGlite's version: a template is used only by the version that made it. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  // The package's exports do not include package.json; it sits above dist/.
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function templateFile(version = pgliteVersion()): string {
  return join(TEMPLATE_FOLDER, `pglite-${version}.tar.br`);
}

/**
 * Fills the empty database folder `databasePath` from the template, all or nothing: the files are
 * unpacked beside it and the folder takes its name only when complete, so a start stopped midway
 * leaves no half-made database (the next start removes the leftover and unpacks again). Returns
 * false, touching nothing, when the installed PGlite has no template: PGlite then runs initdb itself.
 */
export function createFromTemplate(databasePath: string): boolean {
  const file = templateFile();
  if (!existsSync(file)) return false;
  const unpacking = `${databasePath}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  makePrivateFolder(unpacking);
  extract({ file, cwd: unpacking, sync: true });
  rmSync(databasePath, { recursive: true, force: true });
  renameSync(unpacking, databasePath);
  return true;
}
