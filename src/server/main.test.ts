import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForListening(server: { output(): string; child: ChildProcess }): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

describe('the server process', () => {
  it('stops with one line naming a bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });

  it('starts on the embedded database, prints the first admin once, and shuts down cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orderflow-main-'));
    const server = startServer({ DATA_DIR: dataDir });
    const url = await waitForListening(server);
    expect(server.output()).toMatch(/First admin created: admin@localhost \/ \S{20,}/);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const again = startServer({ DATA_DIR: dataDir });
    await waitForListening(again);
    expect(again.output()).not.toContain('First admin created');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});
