import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/constants.js';
import { users } from '../../db/schema.js';
import { CLOSE_SESSION_ENDED } from '../../live/hub.js';
import { manualClock, startTestApp, type TestApp, TestClient } from '../../test/app.js';
import { signedInAdmin, signIn, signUp } from '../../test/auth-flow.js';
import { cookieHeader, openSocket } from '../../test/live-socket.js';
import { describeDevice } from './device.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser with its own User-Agent. */
class Browser extends TestClient {
  constructor(
    baseUrl: string,
    private readonly userAgent: string,
  ) {
    super(baseUrl);
  }
  override request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ) {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'user-agent': this.userAgent, ...options.headers },
    });
  }
}

const clock = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** A browser signed in as staff with this role (given after sign-in, whose answer names USER or ADMIN). */
async function staffWithRole(email: string, role: string) {
  const client = t.client();
  const user = await signUp(t, client, email);
  await t.database.db
    .update(users)
    .set({ role: role as Role })
    .where(eq(users.id, user.id));
  return client;
}

describe('device summaries', () => {
  it('names the browser and the system', () => {
    expect(describeDevice(CHROME_ON_WINDOWS)).toBe('Chrome 131 on Windows');
    expect(describeDevice(SAFARI_ON_IPHONE)).toBe('Safari 17 on iPhone');
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

describe('a user’s sessions', () => {
  it('answers 401 to a visitor', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/user/sessions')).status).toBe(401);
    expect((await visitor.request('DELETE', '/api/user/sessions/1')).status).toBe(401);
  });

  it('lists every signed-in browser of the caller with device, address and which one is asking', async () => {
    const email = 'lister@example.com';
    const laptop = new Browser(t.baseUrl, CHROME_ON_WINDOWS);
    await signUp(t, laptop, email);
    const phone = new Browser(t.baseUrl, SAFARI_ON_IPHONE);
    await signIn(t, phone, email, 'correct horse 1');

    const res = await laptop.get('/api/user/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const mine = res.body.find((s: { current: boolean }) => s.current);
    const other = res.body.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ device: 'Chrome 131 on Windows', ip: '127.0.0.1' });
    expect(other).toMatchObject({ device: 'Safari 17 on iPhone', ip: '127.0.0.1' });
    expect(Date.parse(mine.createdAt)).not.toBeNaN();
    expect(Date.parse(mine.lastSeenAt)).not.toBeNaN();
  });

  it('moves last seen forward at most once a minute', async () => {
    const { client } = await signedInAdmin(t, 'seen@example.com');
    const lastSeen = async () => {
      const res = await client.get('/api/user/sessions');
      return res.body.find((s: { current: boolean }) => s.current).lastSeenAt as string;
    };
    const first = await lastSeen();
    clock.advanceMinutes(0.5);
    expect(await lastSeen()).toBe(first);
    clock.advanceMinutes(1);
    const later = await lastSeen();
    expect(Date.parse(later) - Date.parse(first)).toBe(90_000);
  });

  it('cannot end another user’s session: 404, and that session lives on', async () => {
    const owner = t.client();
    await signUp(t, owner, 'owner@example.com');
    const [ownSession] = (await owner.get('/api/user/sessions')).body;
    const stranger = t.client();
    await signUp(t, stranger, 'stranger@example.com');

    const res = await stranger.request('DELETE', `/api/user/sessions/${ownSession.id}`);
    expect(res.status).toBe(404);
    expect((await owner.get('/api/auth/user')).status).toBe(200);
  });

  it('ending a session signs that browser out and closes its live connection', async () => {
    const email = 'two-browsers@example.com';
    const here = t.client();
    await signUp(t, here, email);
    const there = t.client();
    await signIn(t, there, email, 'correct horse 1');
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(there.cookies) });

    const list = (await here.get('/api/user/sessions')).body as { id: number; current: boolean }[];
    const target = list.find((s) => !s.current);
    const res = await here.request('DELETE', `/api/user/sessions/${target?.id}`);
    expect(res.status).toBe(200);

    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    expect((await there.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(200);
  });

  it('ending the current session signs the caller out', async () => {
    const client = t.client();
    await signUp(t, client, 'self-end@example.com');
    const [own] = (await client.get('/api/user/sessions')).body;
    expect((await client.request('DELETE', `/api/user/sessions/${own.id}`)).status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});

describe('an administrator ends every session of a user', () => {
  it('is refused to visitors (401), customers and staff without the permission (403)', async () => {
    const path = '/api/admin/users/1/sessions';
    expect((await t.client().request('DELETE', path)).status).toBe(401);
    const customer = t.client();
    await signUp(t, customer, 'nosy@example.com');
    expect((await customer.request('DELETE', path)).status).toBe(403);
    const viewer = await staffWithRole('viewer@example.com', 'VIEWER');
    expect((await viewer.request('DELETE', path)).status).toBe(403);
  });

  it('signs the user out everywhere, sockets included', async () => {
    const { client: admin } = await signedInAdmin(t, 'boss@example.com');
    const email = 'everywhere@example.com';
    const one = t.client();
    const user = await signUp(t, one, email);
    const two = t.client();
    await signIn(t, two, email, 'correct horse 1');
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(two.cookies) });

    const res = await admin.request('DELETE', `/api/admin/users/${user.id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    expect((await one.get('/api/auth/user')).status).toBe(401);
    expect((await two.get('/api/auth/user')).status).toBe(401);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
    expect((await admin.request('DELETE', '/api/admin/users/999999/sessions')).status).toBe(404);
  });
});

describe('a staff session left idle', () => {
  it('ends after STAFF_IDLE_MINUTES unused, while use keeps it going; customers’ sessions have no idle limit', async () => {
    expect(t.config.staffIdleMinutes).toBe(60);
    const staff = await staffWithRole('idle-staff@example.com', 'SUPPORT');
    const customer = t.client();
    await signUp(t, customer, 'idle-customer@example.com');

    clock.advanceMinutes(59);
    expect((await staff.get('/api/auth/user')).status).toBe(200);
    clock.advanceMinutes(59);
    expect((await staff.get('/api/admin/orders')).status).toBe(200);

    clock.advanceMinutes(61);
    expect((await staff.get('/api/admin/orders')).status).toBe(401);
    expect((await staff.get('/api/auth/user')).status).toBe(401);
    expect((await customer.get('/api/auth/user')).status).toBe(200);

    // Signing in again starts a fresh session.
    await signIn(t, staff, 'idle-staff@example.com', 'correct horse 1');
    expect((await staff.get('/api/admin/orders')).status).toBe(200);
  });
});
