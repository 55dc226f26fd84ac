import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isBackOfficePath, pageFileFor } from '../../shared/page-paths.js';

/**
 * The client build writes one page file per app and per landing page, each naming the chunks its first
 * load needs (the build's scripts/page-preloads.ts). A page file the build did not write (an older
 * build) falls back to its app's, and that to index.html.
 */
export function pageFileChooser(clientDir: string): (path: string) => string {
  const written = new Map<string, boolean>();
  const has = (file: string) => {
    let found = written.get(file);
    if (found === undefined) {
      found = existsSync(join(clientDir, file));
      written.set(file, found);
    }
    return found;
  };
  return (path) => {
    const file = pageFileFor(path);
    if (has(file)) return file;
    const app = isBackOfficePath(path) ? 'back-office.html' : 'index.html';
    return has(app) ? app : 'index.html';
  };
}
