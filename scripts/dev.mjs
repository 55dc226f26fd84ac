#!/usr/bin/env node
// `npm run dev`: Vite with hot reload on :5173 (proxying the API) and the server in watch mode on :5000.
import { spawn } from 'node:child_process';

const children = [
  // The browser is on Vite's address: that is the product's address (mail links, the allowed Origin).
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
