#!/usr/bin/env node
// `npm run build`: the client with Vite, then the server with esbuild (steps in scripts/build-steps.mjs).
import {
  buildClient,
  buildServer,
  clientInputsHash,
  compressClientFiles,
  pruneClientBuild,
  stampClientBuild,
  step,
} from './build-steps.mjs';

const inputsHash = clientInputsHash();
await step('building the client (vite build)', buildClient);
await step('building the server (esbuild, no type check)', buildServer);
await pruneClientBuild();
await step('compressing the client files (Brotli and gzip)', compressClientFiles);
stampClientBuild(inputsHash);
