#!/usr/bin/env node
// `npm start`: builds what changed, then serves. The server is built first (esbuild, under a second);
// when the client must be built too, the server process starts at once and opens and migrates the
// database while Vite builds the client, and it waits for the client before it serves
// (ORDERFLOW_AWAIT_CLIENT, src/server/main.ts). A first start on a fresh clone thus pays for the
// longer of the two, not for both.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  buildClient,
  buildServer,
  CLIENT_DIR,
  clientInputsHash,
  clientIsCurrent,
  finishClientBuild,
  step,
} from './build-steps.mjs';

await step('building the server (esbuild, no type check)', buildServer);
const inputsHash = clientInputsHash();
const clientIsStale = !clientIsCurrent(inputsHash);

console.log(
  clientIsStale
    ? 'starting the server (node dist/server/main.js): migrating the database while the client builds...'
    : `building the client... skipped: ${CLIENT_DIR} was built from these sources\n` +
        'starting the server (node dist/server/main.js): migrating the database, then serving...',
);
const server = fork('dist/server/main.js', process.argv.slice(2), {
  env: { ...process.env, ...(clientIsStale && { ORDERFLOW_AWAIT_CLIENT: '1' }) },
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// The server shuts down cleanly on these; this process ends when it has.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

if (clientIsStale) {
  try {
    const started = performance.now();
    await buildClient();
    await finishClientBuild(inputsHash);
    console.log(`client built (vite build, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    server.send('client-built');
  } catch (error) {
    console.error(error);
    server.kill('SIGTERM');
    process.exitCode = 1;
  }
}
