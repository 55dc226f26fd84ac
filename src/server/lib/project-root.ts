import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's folder, the one that holds package.json: where drizzle/, dist/client and package.json
 * are found. It is looked up rather than written as a relative path because the same code runs from
 * src/server/… (tests, tsx) and bundled into dist/server/main.js (decision 223).
 */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}
