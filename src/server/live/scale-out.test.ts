import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../shared/schemas/conversations.js';
import { type Database, openDatabase } from '../db/client.js';
import { createOrderAtStages } from '../features/orders/index.js';
import { type TestApp, TestClient } from '../test/app.js';
import { signIn, signUp } from '../test/auth-flow.js';
import { cookieHeader, openSocket, type TestSocket } from '../test/live-socket.js';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher.js';
import { startServer, waitForListening } from '../test/server-process.js';

/**
 * Scale-out (docs/deploy.md): two real server processes on one PostgreSQL database, and nginx with
 * deploy/nginx.conf in front of them. Needs the PostgreSQL server of TEST_DATABASE_URL, which `.ci/run`
 * provides; nginx is used when its binary is installed (`.ci/run` installs it).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const hasNginx = spawnSync('nginx', ['-v']).status === 0;

interface Instance {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const server = startServer(env);
  return { ...server, url: await waitForListening(server) };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL database', () => {
  const name = `orderflow_scale_${randomBytes(6).toString('hex')}`;
  const instances: Instance[] = [];
  const sockets: TestSocket[] = [];
  let database: Database;
  let mail: MailCatcher;
  /** nginx's port, chosen first: the instances' PUBLIC_URL is nginx's address, the origin pages send. */
  let nginxPort: number;
  let a: Instance;
  let b: Instance;
  let adminOnA: TestClient;
  let customerOnA: TestClient;
  let apiKey: string;
  const ADMIN = 'admin@scale.example';
  const CUSTOMER = 'cara@scale.example';

  beforeAll(async () => {
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    mail = await startMailCatcher();
    nginxPort = await freePort();
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      DATABASE_URL: url.toString(),
      SMTP_URL: mail.smtpUrl,
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD: 'scale admin password',
      NODE_ENV: 'test',
    };
    // Both start at once: migrations take their advisory lock, as in a real rolling start.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    instances.push(a, b);
    database = openDatabase({ url: url.toString(), poolSize: 2 });

    const t = { mail } as TestApp;
    adminOnA = new TestClient(a.url);
    await signIn(t, adminOnA, ADMIN, 'scale admin password');
    customerOnA = new TestClient(a.url);
    await signUp(t, customerOnA, CUSTOMER);
    const created = await adminOnA.post('/api/admin/api-keys', { name: 'Scale test' });
    expect(created.status).toBe(201);
    apiKey = created.body.key;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await database?.close();
    await mail?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  let sequence = 0;
  async function customerOrder() {
    sequence++;
    const { order } = await createOrderAtStages(
      database.db,
      { orderId: `VH72${String(sequence).padStart(2, '0')}`, productName: 'Cabin 400', email: CUSTOMER },
      [{ stage: 'ORDER_PLACED' }, { stage: 'ORDER_PLACED' }],
    );
    return order;
  }

  async function socketOn(instance: Instance | { url: string }, client: TestClient) {
    const socket = await openSocket(instance.url, { cookie: cookieHeader(client.cookies) });
    sockets.push(socket);
    return socket;
  }

  it('a session made on instance A works on instance B', async () => {
    const onB = new TestClient(b.url);
    for (const [k, v] of customerOnA.cookies) onB.cookies.set(k, v);
    const me = await onB.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(CUSTOMER);
  });

  it("a customer on instance B sees, within a second, instance A's admin change and webhook", async () => {
    const order = await customerOrder();
    const socket = await socketOn(b, customerOnA);

    let started = Date.now();
    const patched = await adminOnA.request('PATCH', `/api/admin/orders/${order.id}/status`, {
      json: { status: 'SITE_PREP', itemNumber: 1 },
    });
    expect(patched.status).toBe(200);
    await socket.waitFor((m) => m.orderId === order.id && m.status === 'SITE_PREP', 1000);
    expect(Date.now() - started).toBeLessThan(1000);

    started = Date.now();
    const hooked = await new TestClient(a.url).request('POST', '/api/webhooks/order-status', {
      json: { orderId: order.orderId, status: 'PRODUCTION' },
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(hooked.status).toBe(200);
    const update = await socket.waitFor((m) => m.orderId === order.id && m.status === 'PRODUCTION', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(update).toEqual({ type: 'status_update', orderId: order.id, status: 'PRODUCTION' });
  });

  it('signing out on instance A closes that session’s socket on instance B', async () => {
    const other = new TestClient(a.url);
    await signIn({ mail } as TestApp, other, CUSTOMER, 'correct horse 1');
    const socket = await socketOn(b, other);
    expect((await other.post('/api/auth/logout')).status).toBe(200);
    expect(await socket.closed).toBe(4001);
  });

  describe.skipIf(!hasNginx)('behind nginx with deploy/nginx.conf', () => {
    let nginx: ChildProcess;
    let nginxUrl: string;
    let nginxOutput = '';

    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'orderflow-nginx-'));
      chmodSync(dir, 0o755);
      mkdirSync(join(dir, 'logs'));
      const port = nginxPort;
      const upstreams = [a, b].map((i) => `server ${new URL(i.url).host};`).join('\n  ');
      const site = readFileSync('deploy/nginx.conf', 'utf8')
        .replace(/(\s*server 127\.0\.0\.1:\d+;)+/, `\n  ${upstreams}`)
        .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
      writeFileSync(join(dir, 'orderflow.conf'), site);
      writeFileSync(
        join(dir, 'nginx.conf'),
        [
          'worker_processes 1;',
          `pid ${join(dir, 'nginx.pid')};`,
          'error_log stderr warn;',
          'events { worker_connections 256; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
          ),
          `  include ${join(dir, 'orderflow.conf')};`,
          '}',
        ].join('\n'),
      );
      nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      nginx.stderr?.on('data', (chunk) => {
        nginxOutput += chunk;
      });
      nginxUrl = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (nginx.exitCode !== null) throw new Error(`nginx stopped:\n${nginxOutput}`);
        const status = await fetch(`${nginxUrl}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
        if (status === 200) break;
        if (Date.now() > deadline) throw new Error(`nginx did not pass /healthz:\n${nginxOutput}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 30_000);

    afterAll(async () => {
      if (!nginx) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      // Fast shutdown: a graceful one (SIGQUIT) would wait for the open WebSocket connections.
      nginx.kill('SIGTERM');
      await exited;
    });

    it('passes an HTTP request and a WebSocket status update through to the instances', async () => {
      const viaNginx = new TestClient(nginxUrl);
      for (const [k, v] of customerOnA.cookies) viaNginx.cookies.set(k, v);
      const orders = await viaNginx.get('/api/orders');
      expect(orders.status).toBe(200);

      const order = await customerOrder();
      const socket = await socketOn({ url: nginxUrl }, customerOnA);
      const patched = await adminOnA.request('PATCH', `/api/admin/orders/${order.id}/status`, {
        json: { status: 'DELIVERED' },
      });
      expect(patched.status).toBe(200);
      await socket.waitFor((m) => m.orderId === order.id && m.status === 'DELIVERED', 1000);
      expect(nginxOutput).not.toMatch(/\[(error|crit|alert|emerg)\]/);
    });

    it('carries a 10 MB file and a conversation across instances, each side live within a second', async () => {
      const order = await customerOrder();
      const customerViaNginx = new TestClient(nginxUrl);
      for (const [k, v] of customerOnA.cookies) customerViaNginx.cookies.set(k, v);
      const staffSocket = await socketOn(a, adminOnA);
      const customerSocket = await socketOn(b, customerOnA);
      const created = (m: unknown) => {
        const message = m as { type: string; orderId: number };
        return message.type === 'message_created' && message.orderId === order.id;
      };

      // The largest file the product takes goes through the proxy.
      const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MAX_BYTES - 9)]);
      const form = new FormData();
      form.set('orderId', String(order.id));
      form.set('file', new Blob([new Uint8Array(file)]), 'site-survey.pdf');
      const uploaded = await fetch(`${nginxUrl}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: { cookie: cookieHeader(customerOnA.cookies), origin: nginxUrl },
      });
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };

      let started = Date.now();
      const asked = await customerViaNginx.post(`/api/orders/${order.id}/messages`, {
        text: 'Here is the survey',
        attachmentIds: [id],
      });
      expect(asked.status).toBe(201);
      await staffSocket.waitFor(created, 1000);
      expect(Date.now() - started).toBeLessThan(1000);

      started = Date.now();
      const replied = await adminOnA.post(`/api/admin/orders/${order.id}/messages`, { text: 'Thank you' });
      expect(replied.status).toBe(201);
      await customerSocket.waitFor(created, 1000);
      expect(Date.now() - started).toBeLessThan(1000);

      // Every instance serves every file: it lives in the database.
      const onB = await fetch(`${b.url}/api/uploads/${id}`, {
        headers: { cookie: cookieHeader(adminOnA.cookies) },
      });
      expect(onB.status).toBe(200);
      expect((await onB.arrayBuffer()).byteLength).toBe(UPLOAD_MAX_BYTES);
      expect(nginxOutput).not.toMatch(/\[(error|crit|alert|emerg)\]/);
    });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
