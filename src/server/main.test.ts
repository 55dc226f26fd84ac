import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from './test/app.js';

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

  it('without SMTP, writes the sign-in code to the log so that the first admin can sign in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orderflow-main-'));
    const server = startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-admin-password' });
    try {
      const url = await waitForListening(server);
      const browser = new TestClient(url);
      const email = 'admin@localhost';
      expect(
        (await browser.post('/api/auth/login', { email, password: 'first-admin-password' })).status,
      ).toBe(200);
      expect((await browser.post('/api/auth/verify-email', { email, sendCode: true })).status).toBe(200);
      // The log is JSON, so the mail's line breaks arrive as the two characters \n.
      const codeInLog = () =>
        server.output().match(/MAIL to admin@localhost[\s\S]*?(?<!\d)(\d{6})(?!\d)/)?.[1];
      await expect.poll(codeInLog).toMatch(/^\d{6}$/);
      const code = codeInLog();
      const signedIn = await browser.post('/api/auth/verify-code', { email, code, login: true });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.role).toBe('ADMIN');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
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
