#!/usr/bin/env node
// `npm run build`: the client with Vite, then the server with esbuild (steps in scripts/build-steps.mjs).
import { buildClient, buildServer, clientInputsHash, finishClientBuild, step } from './build-steps.mjs';

const inputsHash = clientInputsHash();
await step('building the client (vite build)', buildClient);
await step('building the server (esbuild, no type check)', buildServer);
await finishClientBuild(inputsHash);
