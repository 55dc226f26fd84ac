/**
 * Keeps the files of the last few client builds in the build folder. A tab opened before a deploy
 * still loads its lazy chunks by their old names; emptying the folder on every build (Vite's
 * default) made those requests fail and the tab go blank. Each build's files are read from its Vite
 * manifest and remembered in `.vite/builds.json`; files that none of the last `keep` builds uses are
 * removed, so the folder does not grow without end.
 */
import { existsSync, globSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants, gzip as gzipCallback } from 'node:zlib';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
}

/** The asset files (relative to the build folder) one build's manifest names. */
export function filesOfBuild(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return [...files].sort();
}

/** Records the build just written and removes asset files no kept build names. Returns the removed. */
export function pruneClientBuilds(clientDir: string, keep = 3): string[] {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  const historyFile = join(clientDir, '.vite/builds.json');
  const history: string[][] = existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : [];
  const current = filesOfBuild(manifest);
  const last = history.at(-1);
  // Building the same sources twice writes the same names: that is still one build.
  if (!last || last.join('\n') !== current.join('\n')) history.push(current);
  const kept = history.slice(-keep);
  writeFileSync(historyFile, `${JSON.stringify(kept)}\n`);

  const wanted = new Set(kept.flat());
  const removed: string[] = [];
  const assetsDir = join(clientDir, 'assets');
  for (const name of existsSync(assetsDir) ? readdirSync(assetsDir) : []) {
    const file = `assets/${name}`;
    // The precompressed copies belong to their file.
    const original = file.replace(/\.(br|gz)$/, '');
    if (wanted.has(original)) continue;
    rmSync(join(clientDir, file), { force: true });
    removed.push(file);
  }
  return [...removed, ...removeStaleCopies(clientDir)];
}

/**
 * The unhashed files (index.html above all) are rewritten by each build under the same name, and
 * precompressed only above the size threshold: a copy older than its file is an earlier build's, which
 * the server would send instead of the new file (an old index.html naming old chunks).
 */
function removeStaleCopies(clientDir: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(clientDir)) {
    const original = name.replace(/\.(br|gz)$/, '');
    if (original === name || !existsSync(join(clientDir, original))) continue;
    if (statSync(join(clientDir, name)).mtimeMs >= statSync(join(clientDir, original)).mtimeMs) continue;
    rmSync(join(clientDir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Text files the server sends as the Brotli or gzip copy written here; smaller ones gain too little. */
const PRECOMPRESSED = /\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli, quality 11) and `file.gz` (gzip, level 9) beside each text file of the
 * build folder that has no copy as new as itself, and returns those files; the server sends the copies
 * as they are, with no work per request (compression.ts). Until a copy exists the server compresses
 * that file as it sends it, so `npm start` serves first and compresses after (scripts/start.mjs). Each
 * copy is written under a temporary name and renamed: a half-written copy is never sent.
 */
export async function compressClientFiles(clientDir: string): Promise<string[]> {
  const files = globSync('**/*', { cwd: clientDir, withFileTypes: true })
    // .vite holds the build's own records (its manifest), which are never sent.
    .filter((entry) => entry.isFile() && PRECOMPRESSED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.split(sep).includes('.vite') && statSync(file).size >= PRECOMPRESS_MIN_BYTES)
    .filter((file) => !hasCurrentCopies(file));
  await Promise.all(files.map(compressFile));
  return files;
}

function hasCurrentCopies(file: string): boolean {
  const written = statSync(file).mtimeMs;
  return ['.br', '.gz'].every(
    (suffix) => existsSync(file + suffix) && statSync(file + suffix).mtimeMs >= written,
  );
}

async function compressFile(file: string) {
  const bytes = await readFile(file);
  const [brotli, gzipped] = await Promise.all([
    brotliCompress(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [suffix, copy] of [
    ['.br', brotli],
    ['.gz', gzipped],
  ] as const) {
    await writeFile(`${file}${suffix}.partial`, copy);
    await rename(`${file}${suffix}.partial`, `${file}${suffix}`);
  }
}
