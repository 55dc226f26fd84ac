#!/usr/bin/env node
// After `vite build` (which keeps the folder's old files): remove what none of the last three builds
// uses. See src/server/http/client-builds.ts.
import { pruneClientBuilds } from '../dist/server/http/client-builds.js';

const removed = pruneClientBuilds('dist/client');
if (removed.length > 0) console.log(`client builds: removed ${removed.length} files no recent build uses`);
