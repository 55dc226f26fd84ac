import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOrderAtStages } from '../features/orders/index.js';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin, signedInCustomer, signIn } from '../test/auth-flow.js';
import { cookieHeader, openSocket, RefusedError, type TestSocket } from '../test/live-socket.js';
import { CLOSE_SESSION_ENDED } from './hub.js';
import { LIVE_MAX_FRAME_BYTES } from './routes.js';

let t: TestApp;
let admin: TestClient;
let ann: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
const opened: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  ann = await signedInCustomer(t, 'ann@example.com');
  bob = await signedInCustomer(t, 'bob@example.com');
});

afterAll(async () => {
  for (const socket of opened) socket.ws.terminate();
  await t?.close();
});

async function connect(client: TestClient | null, options: { origin?: string; autoPong?: boolean } = {}) {
  const socket = await openSocket(t.baseUrl, {
    cookie: client ? cookieHeader(client.cookies) : undefined,
    ...options,
  });
  opened.push(socket);
  return socket;
}

async function refusal(client: TestClient | null, options: { origin?: string } = {}) {
  try {
    await connect(client, options);
  } catch (err) {
    if (err instanceof RefusedError) return err.status;
    throw err;
  }
  return 'opened';
}

let sequence = 0;
async function orderOf(email: string, units = 1) {
  sequence++;
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `VH71${String(sequence).padStart(2, '0')}`, productName: 'Cabin 400', email },
    Array.from({ length: units }, () => ({ stage: 'ORDER_PLACED' as const })),
  );
  return order.id;
}

async function adminSets(orderId: number, status: string, itemNumber?: number) {
  const res = await admin.request('PATCH', `/api/admin/orders/${orderId}/status`, {
    json: { status, ...(itemNumber && { itemNumber }) },
  });
  expect(res.status).toBe(200);
}

describe('the live connection', () => {
  it('sends the owner the status update of a unit within a second of an admin change', async () => {
    const socket = await connect(ann.client);
    socket.ws.send(JSON.stringify({ type: 'authenticate', userId: ann.user.id, isAdmin: false }));
    const orderId = await orderOf('ann@example.com', 2);
    const started = Date.now();
    await adminSets(orderId, 'SITE_PREP', 2);
    const message = await socket.waitFor((m) => m.orderId === orderId, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(message).toEqual({ type: 'status_update', orderId, status: 'SITE_PREP', itemNumber: 2 });

    await adminSets(orderId, 'PRODUCTION');
    const whole = await socket.waitFor((m) => m.orderId === orderId && m.status === 'PRODUCTION');
    expect(whole).toEqual({ type: 'status_update', orderId, status: 'PRODUCTION' });
  });

  it("gives another customer nothing of someone else's order, even after a forged authenticate", async () => {
    const annSocket = await connect(ann.client);
    const bobSocket = await connect(bob.client);
    bobSocket.ws.send(JSON.stringify({ type: 'authenticate', userId: ann.user.id, isAdmin: true }));
    const annsOrder = await orderOf('ann@example.com');
    const bobsOrder = await orderOf('bob@example.com');

    await adminSets(annsOrder, 'SITE_PREP');
    await annSocket.waitFor((m) => m.orderId === annsOrder);
    await adminSets(bobsOrder, 'SITE_PREP');
    // One channel, delivered in order: bob's own update arriving proves ann's was not sent before it.
    await bobSocket.waitFor((m) => m.orderId === bobsOrder);
    expect(bobSocket.messages.map((m) => m.orderId)).toEqual([bobsOrder]);
    expect(annSocket.messages.map((m) => m.orderId)).toEqual([annsOrder]);
  });

  it('sends an administrator every order’s updates', async () => {
    const adminSocket = await connect(admin);
    const annsOrder = await orderOf('ann@example.com');
    const bobsOrder = await orderOf('bob@example.com');
    await adminSets(annsOrder, 'PRODUCTION');
    await adminSets(bobsOrder, 'DELIVERED');
    await adminSocket.waitFor((m) => m.orderId === annsOrder && m.status === 'PRODUCTION');
    await adminSocket.waitFor((m) => m.orderId === bobsOrder && m.status === 'DELIVERED');
  });

  it('publishes only what commits: a rolled-back change sends nothing', async () => {
    const socket = await connect(ann.client);
    const rolledBack = await orderOf('ann@example.com');
    const committed = await orderOf('ann@example.com');
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.orders.changeStatus(
          tx,
          { orderId: rolledBack, to: 'DELIVERED', rule: 'set', actor: { kind: 'system' } },
          new Date(),
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await adminSets(committed, 'DELIVERED');
    await socket.waitFor((m) => m.orderId === committed);
    expect(socket.messages.map((m) => m.orderId)).toEqual([committed]);
  });

  it('refuses the upgrade without a session cookie, with an unknown one, and from a foreign origin', async () => {
    expect(await refusal(null)).toBe(401);
    const stranger = t.client();
    stranger.cookies.set('orderflow_session', 'not-a-session');
    expect(await refusal(stranger)).toBe(401);
    expect(await refusal(ann.client, { origin: 'https://evil.example' })).toBe(403);
    // A plain GET is not an upgrade and gets no socket either.
    expect((await ann.client.get('/ws')).status).toBeGreaterThanOrEqual(400);
  });

  it('closes the sockets of a session that signs out, and refuses its cookie afterwards', async () => {
    const carol = await signedInCustomer(t, 'carol@example.com');
    const cookie = cookieHeader(carol.client.cookies);
    const socket = await connect(carol.client);
    expect((await carol.client.post('/api/auth/logout')).status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    await expect(openSocket(t.baseUrl, { cookie })).rejects.toMatchObject({ status: 401 });
  });

  it('a password change closes the other sessions’ sockets and keeps this one’s', async () => {
    const dave = await signedInCustomer(t, 'dave@example.com');
    const other = t.client();
    await signIn(t, other, 'dave@example.com', 'correct horse 1');
    const here = await connect(dave.client);
    const there = await connect(other);
    const changed = await dave.client.post('/api/user/password', {
      currentPassword: 'correct horse 1',
      newPassword: 'battery staple 2',
      confirmPassword: 'battery staple 2',
    });
    expect(changed.status).toBe(200);
    expect(await there.closed).toBe(CLOSE_SESSION_ENDED);
    const order = await orderOf('dave@example.com');
    await adminSets(order, 'SITE_PREP');
    await here.waitFor((m) => m.orderId === order);
    expect(here.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('a password reset closes every socket of the user', async () => {
    const erin = await signedInCustomer(t, 'erin@example.com');
    const socket = await connect(erin.client);
    const before = t.mail.forAddress('erin@example.com').length;
    await t.client().post('/api/auth/forgot-password', { email: 'erin@example.com' });
    const code = await t.mail.waitForCode('erin@example.com', before);
    const resetter = t.client();
    const reset = await resetter.post('/api/auth/reset-password', {
      email: 'erin@example.com',
      password: 'brand new password',
      confirmPassword: 'brand new password',
      code,
    });
    expect(reset.status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes the connection on a frame over 64 kB', async () => {
    const socket = await connect(ann.client);
    socket.ws.send('x'.repeat(LIVE_MAX_FRAME_BYTES + 1));
    expect(await socket.closed).toBe(1009);
  });
});
