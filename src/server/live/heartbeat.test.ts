import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInCustomer } from '../test/auth-flow.js';
import { cookieHeader, openSocket, type TestSocket } from '../test/live-socket.js';

// Its own app: a short ping interval would drop the sockets of busy tests elsewhere (the client and
// the server share this process's event loop, and PGlite runs on it).
const HEARTBEAT_MS = 300;

let t: TestApp;
let customer: TestClient;
const opened: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ liveHeartbeatMs: HEARTBEAT_MS });
  customer = (await signedInCustomer(t, 'hana@example.com')).client;
});

afterAll(async () => {
  for (const socket of opened) socket.ws.terminate();
  await t?.close();
});

it('drops a peer that stops answering heartbeats and keeps one that answers', async () => {
  const cookie = cookieHeader(customer.cookies);
  const dead = await openSocket(t.baseUrl, { cookie, autoPong: false });
  const alive = await openSocket(t.baseUrl, { cookie });
  opened.push(dead, alive);
  const started = Date.now();
  expect(await dead.closed).toBe(1006);
  // Dropped at the second ping after it stopped answering.
  expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 4);
  expect(alive.ws.readyState).toBe(WebSocket.OPEN);
});
