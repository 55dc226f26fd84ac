import { readdirSync } from 'node:fs';
import { pageFilesFor } from '../../shared/page-paths.js';

/**
 * The client build writes one page file per app and per landing page, each naming the chunks its first
 * load needs (the build's scripts/page-preloads.ts). A page file the build did not write (an older
 * build) falls back to its app's, and that to index.html.
 */
export function pageFileChooser(clientDir: string): (path: string) => string {
  const written = new Set(readdirSync(clientDir).filter((file) => file.endsWith('.html')));
  return (path) => pageFilesFor(path).find((file) => written.has(file)) ?? 'index.html';
}
