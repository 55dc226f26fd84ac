// The build's steps, shared by `npm run build` (scripts/build.mjs) and `npm start` (scripts/start.mjs):
// the client with Vite, the server with esbuild, the pruning of old client builds and the precompressed
// copies of its files. Each step says what it does and how long it took, so a first start on a slow
// machine never looks hung.
//
// The server is bundled by esbuild, which does not check types: `npm test` does (tsconfig.json and
// tsconfig.server.json). See docs/decisions/223-server-built-by-esbuild.md.
//
// A client build is skipped by `npm start` when dist/client was built from the same inputs (a hash of
// them is kept in dist/client/.vite/inputs.sha256); a fresh clone has none and builds.
import { createHash } from 'node:crypto';
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const CLIENT_DIR = 'dist/client';
/** The server's drawing of first screens, built with the client (src/server/http/first-screen.ts). */
const SSR_DIR = 'dist/ssr';
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

/**
 * Runs `work` under a title printed as `title... note (N s)`. With `whole`, the line is printed only
 * once the work has ended, for a step beside a running server whose log lines would cut into it.
 */
export async function step(title, work, { whole = false } = {}) {
  if (!whole) process.stdout.write(`${title}...`);
  const started = performance.now();
  const note = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${whole ? `${title}:` : ''} ${note ?? 'done'} (${seconds} s)`);
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
    existsSync(join(SSR_DIR, 'first-screen.js')) &&
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
  // The server's drawing of the customer pages' first screens (decision 300): the same components,
  // built for Node into a folder of its own, so nothing of it reaches the browser's chunks. Its
  // dependencies stay in node_modules, where the server finds them.
  await build({
    logLevel: 'warn',
    build: {
      ssr: 'src/client/first-screen/render.tsx',
      outDir: SSR_DIR,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: {
        output: { entryFileNames: 'first-screen.js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

/**
 * The server's three entry points, each bundled with its dependencies into one file at its place under
 * dist/: one file loads in a fraction of the time the 1 700 modules it replaces take (decision 223).
 */
const SERVER_ENTRIES = [
  'src/server/main.ts',
  'src/server/features/imports/workbook-worker.ts',
  'src/server/http/client-builds.ts',
];
/**
 * Packages that read files of their own at run time (WebAssembly and data beside their modules, a
 * native addon, static files, their package.json): bundled, they would look for them beside dist/.
 */
const LOADED_FROM_NODE_MODULES = [
  '@electric-sql/pglite',
  'fs-native-extensions',
  '@fastify/swagger',
  '@fastify/swagger-ui',
];
// CommonJS dependencies inside an ES module bundle: `require` of Node's own modules, and `__dirname`
// where a dependency names its own folder for a message (ioredis's stack traces).
const COMMONJS_GLOBALS = [
  "import { createRequire as orderflowCreateRequire } from 'node:module';",
  "import { dirname as orderflowDirname } from 'node:path';",
  "import { fileURLToPath as orderflowFileURLToPath } from 'node:url';",
  'const require = orderflowCreateRequire(import.meta.url);',
  'const __filename = orderflowFileURLToPath(import.meta.url);',
  'const __dirname = orderflowDirname(__filename);',
].join(' ');

export async function buildServer() {
  const esbuild = await import('esbuild');
  rmSync('dist/server', { recursive: true, force: true });
  rmSync('dist/shared', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: SERVER_ENTRIES,
    outdir: 'dist',
    outbase: 'src',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: LOADED_FROM_NODE_MODULES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: COMMONJS_GLOBALS },
    // No source maps: Node reads them only under --enable-source-maps, stack traces keep the names
    // (nothing is minified) and each module's code follows a `// src/...` line naming its file; a
    // debugger gets the sources with `npm run dev`. Writing them made a first start 1-1.5 s slower.
    tsconfig: 'tsconfig.server.json',
    logLevel: 'warning',
  });
  return `${SERVER_ENTRIES.length} bundles`;
}

/**
 * After a client build, before it is served: old builds' files no recent build uses go, and so do
 * precompressed copies older than their file (the server would send an old index.html's copy).
 */
export async function pruneClientBuild() {
  const { pruneClientBuilds } = await import('../dist/server/http/client-builds.js');
  const removed = pruneClientBuilds(CLIENT_DIR);
  if (removed.length > 0) console.log(`client builds: removed ${removed.length} files no recent build uses`);
}

/**
 * Brotli and gzip copies of the build's text files, which the server sends as they are
 * (`compressClientFiles`, src/server/http/client-builds.ts).
 */
export async function compressClientFiles() {
  const { compressClientFiles: compress } = await import('../dist/server/http/client-builds.js');
  const written = await compress(CLIENT_DIR);
  return `${written.length} files`;
}

/** The last step of a client build: written last, so an interrupted build leaves no stamp and is built again. */
export function stampClientBuild(inputsHash) {
  writeFileSync(INPUTS_STAMP, `${inputsHash}\n`);
}
