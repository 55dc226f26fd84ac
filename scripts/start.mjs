#!/usr/bin/env node
// `npm start`: builds what changed, then serves. The server's bundle comes first (esbuild, one to two
// seconds with both cores to itself); then, when the client must be built, Vite builds it while the
// server process opens and migrates the database, and the server waits for the client before it
// serves (ORDERFLOW_AWAIT_CLIENT, src/server/main.ts). Once it serves, the client's precompressed
// copies are written. Both builders use every core, so running them side by side only slowed the
// server's bundle, which the rest waits for.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  buildClient,
  buildServer,
  CLIENT_DIR,
  clientInputsHash,
  clientIsCurrent,
  compressClientFiles,
  pruneClientBuild,
  stampClientBuild,
  step,
} from './build-steps.mjs';

// The server's environment as this command was given it: Vite sets NODE_ENV=production for its build.
// With one setting of its own, unless given one: glibc's allocator hands every freed block of 128 kB
// or more back to the system. By default it raises that threshold after each large free, so the few
// hundred MB a background thread of the embedded database's start-up borrows for a second stayed
// resident for good: about 300 MB after start-up with 100 000 orders instead of 225 MB (decision 318;
// bench/lib/built-server.ts starts the server the same way). Other C libraries ignore it.
const serverEnv = { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env };
const inputsHash = clientInputsHash();
const clientIsStale = !clientIsCurrent(inputsHash);
await step('building the server (esbuild, no type check)', buildServer);
const clientBuild = clientIsStale ? timedClientBuild() : null;
if (clientBuild) console.log('building the client (vite build)...');
else console.log(`building the client... skipped: ${CLIENT_DIR} was built from these sources`);
// Settled here so that a failed client build is reported once, below, not as an unhandled rejection.
const clientBuilt = clientBuild?.then(
  (seconds) => ({ seconds }),
  (error) => ({ error }),
);

console.log(
  clientBuild
    ? 'starting the server (node dist/server/main.js): migrating the database while the client builds...'
    : 'starting the server (node dist/server/main.js): migrating the database, then serving...',
);
const server = fork('dist/server/main.js', process.argv.slice(2), {
  env: { ...serverEnv, ...(clientBuild && { ORDERFLOW_AWAIT_CLIENT: '1' }) },
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// The server shuts down cleanly on these; this process ends when it has.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

if (clientBuilt) {
  const built = await clientBuilt;
  if ('error' in built) {
    console.error(built.error);
    server.kill('SIGTERM');
    process.exitCode = 1;
  } else {
    console.log(`client built (vite build, ${built.seconds.toFixed(1)} s)`);
    await pruneClientBuild();
    const serving = new Promise((resolve) =>
      server.on('message', (message) => message === 'serving' && resolve()),
    );
    server.send('client-built');
    // The copies are written once the server answers, so that they do not hold its start back.
    await serving;
    try {
      await step('compressed the client files while serving (Brotli and gzip)', compressClientFiles, {
        whole: true,
      });
      stampClientBuild(inputsHash);
    } catch (error) {
      // The server goes on, compressing each file as it sends it; with no stamp, the next start builds again.
      console.error('\ncompressing the client files failed:', error);
    }
  }
}

async function timedClientBuild() {
  const started = performance.now();
  await buildClient();
  return (performance.now() - started) / 1000;
}
