/**
 * A journey server: the built server (`node dist/server/main.js`) on a free port with a data folder and
 * a local SMTP catcher of its own (read back over HTTP). e2e/global-setup.ts starts one per worker on
 * the shared seed; a spec that needs data no other journey should see starts its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { startMailCatcher } from '../../src/server/test/mail-catcher.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type JourneyServer } from './env.js';

// A cap for a server that hangs: the wait ends as soon as /readyz answers or the process exits, and a
// start on a machine busy with the other suites has taken several times its quiet few seconds.
const SERVER_START_TIMEOUT_MS = 5 * 60_000;

async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        const chosen = typeof address === 'object' && address ? address.port : port;
        probe.close(() => resolve(chosen));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}

async function waitForReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${SERVER_START_TIMEOUT_MS} ms:\n${output()}`);
}

/** One server and its mail catcher on a data folder of its own; resolves once /readyz answers. */
export async function startJourneyServer(dataDir: string) {
  const mail = await startMailCatcher({ http: true });
  const mailUrl = mail.httpUrl;
  if (!mailUrl) throw new Error('the mail catcher started without its HTTP side');
  const port = await freePort(0);
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The deposit journeys pay on the built-in test checkout.
      PAYMENTS_TEST_MODE: '1',
      // The automation journey's receiver listens on this machine.
      ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
      // Every browser here is 127.0.0.1: lift the per-IP and per-address sign-in limits, which the
      // server suites test on their own.
      AUTH_REQUESTS_PER_MINUTE: '10000',
      CODES_PER_EMAIL: '10000',
      CODES_PER_IP: '10000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, server, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  const journeyServer: JourneyServer = { baseUrl, mailUrl };
  return { journeyServer, stop };
}
