import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from './test/app.js';
import { startServer, waitForListening } from './test/server-process.js';

// Each test starts the server from its sources (tsx transforms them on the way), up to twice: on a
// busy 2-CPU machine one start alone has taken over 30 s. The server-heavy project's test timeout
// (vite.config.ts) is the cap; each wait ends when the process says it listens or has exited.
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
