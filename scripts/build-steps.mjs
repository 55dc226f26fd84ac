// The build's steps, shared by `npm run build` (scripts/build.mjs) and `npm start` (scripts/start.mjs):
// the client with Vite, the server with esbuild, the pruning of old client builds. Each step says what
// it does and how long it took, so a first start on a slow machine never looks hung.
//
// The server is transpiled file by file, not bundled: dist/server and dist/shared keep the layout of
// src/, which the server relies on (paths relative to import.meta.url: dist/client, drizzle/,
// package.json, the import's worker file). esbuild does not check types: `npm test` does
// (tsconfig.json and tsconfig.server.json). See docs/decisions/223-server-built-by-esbuild.md.
//
// A client build is skipped by `npm start` when dist/client was built from the same inputs (a hash of
// them is kept in dist/client/.vite/inputs.sha256); a fresh clone has none and builds.
import { createHash } from 'node:crypto';
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const CLIENT_DIR = 'dist/client';
const INPUTS_STAMP = join(CLIENT_DIR, '.vite/inputs.sha256');
// Everything `vite build` reads: its config and the scripts it imports, the page, the static files,
// the client's and the shared sources, the dependencies' versions and the build-time environment.
const CLIENT_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  '.env*',
  'scripts/**',
  'public/**',
  'src/client/**',
  'src/shared/**',
];

export async function step(title, work) {
  process.stdout.write(`${title}...`);
  const started = performance.now();
  const note = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(` ${note ?? 'done'} (${seconds} s)`);
}

export function clientInputsHash() {
  const hash = createHash('sha256');
  const files = globSync(CLIENT_INPUTS, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function clientIsCurrent(inputsHash) {
  return (
    existsSync(join(CLIENT_DIR, 'index.html')) &&
    existsSync(join(CLIENT_DIR, '.vite/manifest.json')) &&
    existsSync(INPUTS_STAMP) &&
    readFileSync(INPUTS_STAMP, 'utf8').trim() === inputsHash
  );
}

export async function buildClient() {
  // Vite's notice that its future native config loader will want file extensions on the config's
  // imports is for whoever edits vite.config.ts (`npx vite build` still shows it), not for a start.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { build } = await import('vite');
  // Warnings and errors only: the list of every chunk is noise on a start.
  await build({ logLevel: 'warn' });
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  // What tsconfig.server.json covers: the server and shared sources, without tests and test helpers.
  const entryPoints = globSync(['src/server/**/*.ts', 'src/shared/**/*.ts']).filter(
    (path) => !path.endsWith('.test.ts') && !path.startsWith('src/server/test/'),
  );
  rmSync('dist/server', { recursive: true, force: true });
  rmSync('dist/shared', { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outdir: 'dist',
    outbase: 'src',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    tsconfig: 'tsconfig.server.json',
    logLevel: 'warning',
  });
  return `${entryPoints.length} files`;
}

/** After a client build: old builds' files no recent build uses go, then the inputs' stamp is written. */
export async function finishClientBuild(inputsHash) {
  const { pruneClientBuilds } = await import('../dist/server/http/client-builds.js');
  const removed = pruneClientBuilds(CLIENT_DIR);
  if (removed.length > 0) console.log(`client builds: removed ${removed.length} files no recent build uses`);
  // Written last: an interrupted build leaves no stamp and is built again.
  writeFileSync(INPUTS_STAMP, `${inputsHash}\n`);
}
