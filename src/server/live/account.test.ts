import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderAtStages } from '../features/orders/index.js';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin, signedInCustomer } from '../test/auth-flow.js';
import { cookieHeader, openSocket, type TestSocket } from '../test/live-socket.js';
import { CLOSE_SESSION_ENDED } from './hub.js';

let t: TestApp;
let admin: TestClient;
const opened: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});
afterAll(async () => {
  for (const socket of opened) socket.ws.terminate();
  await t?.close();
});

async function connect(baseUrl: string, client: TestClient) {
  const socket = await openSocket(baseUrl, { cookie: cookieHeader(client.cookies) });
  opened.push(socket);
  return socket;
}

let sequence = 0;
async function orderOf(email: string) {
  sequence++;
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `VH72${String(sequence).padStart(2, '0')}`, productName: 'Cabin 400', email },
    [{ stage: 'ORDER_PLACED' }],
  );
  return order.id;
}

const adminSets = async (orderId: number, status: string) =>
  expect(
    (await admin.request('PATCH', `/api/admin/orders/${orderId}/status`, { json: { status } })).status,
  ).toBe(200);

describe('sockets follow the account', () => {
  it('stops sending every order to an admin the moment the role becomes customer', async () => {
    const demoted = await signedInAdmin(t, 'demoted@example.com', 'demoted password 1');
    const socket = await connect(t.baseUrl, demoted.client);
    const stranger = await orderOf('stranger@example.com');
    await adminSets(stranger, 'LOCATION_ENABLED');
    await socket.waitFor((m) => m.orderId === stranger);

    const res = await admin.request('PUT', `/api/admin/users/${demoted.user.id}`, {
      json: { email: 'demoted@example.com', role: 'USER' },
    });
    expect(res.status).toBe(200);
    const own = await orderOf('demoted@example.com');
    await adminSets(stranger, 'DOCUMENTS_PENDING');
    await adminSets(own, 'LOCATION_ENABLED');
    // Messages on one socket arrive in order: once the own order's update is in, the stranger's
    // second update would have been too.
    await socket.waitFor((m) => m.orderId === own);
    expect(socket.messages.filter((m) => m.orderId === stranger).map((m) => m.status)).toEqual([
      'LOCATION_ENABLED',
    ]);
  });

  it('closes the sockets of a deleted account', async () => {
    const gone = await signedInCustomer(t, 'gone@example.com');
    const socket = await connect(t.baseUrl, gone.client);
    expect((await admin.request('DELETE', `/api/admin/users/${gone.user.id}`)).status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes the sockets of a user whose password an admin changed', async () => {
    const changed = await signedInCustomer(t, 'changed@example.com');
    const socket = await connect(t.baseUrl, changed.client);
    const res = await admin.request('PUT', `/api/admin/users/${changed.user.id}`, {
      json: { email: 'changed@example.com', role: 'USER', password: 'a brand new password 1' },
    });
    expect(res.status).toBe(200);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('an expired session', () => {
  let short: TestApp;
  beforeAll(async () => {
    // Sessions of two seconds.
    short = await startTestApp({ config: { sessionTtlHours: 2 / 3600 } });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('closes each socket when its session expires, with nothing else happening', async () => {
    const first = (await signedInCustomer(short, 'brief@example.com')).client;
    const firstSocket = await connect(short.baseUrl, first);
    // Signed in later, so it expires later: the one expiry timer moves on to it.
    const second = (await signedInCustomer(short, 'briefer@example.com')).client;
    const secondSocket = await connect(short.baseUrl, second);
    expect(await firstSocket.closed).toBe(CLOSE_SESSION_ENDED);
    expect(await secondSocket.closed).toBe(CLOSE_SESSION_ENDED);
    expect((await first.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/auth/user')).status).toBe(401);
  });
});
