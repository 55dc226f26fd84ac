import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signIn } from '../../test/auth-flow.js';
import { createOrderAtStages, seedOrder } from '../orders/index.js';

let t: TestApp;
let eve: TestClient;
let eveId: number;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  const signedIn = await signedInCustomer(t, 'eve@example.com');
  eve = signedIn.client;
  eveId = signedIn.user.id;
  visitor = t.client();
});

afterAll(async () => {
  await t?.close();
});

const patch = (client: TestClient, path: string, json: unknown) => client.request('PATCH', path, { json });

describe('profile', () => {
  it('updates names and phone and ignores role, e-mail and anything else', async () => {
    const res = await patch(eve, '/api/user/profile', {
      firstName: ' Eve ',
      lastName: 'Stone',
      phoneNumber: '(512) 555-0101',
      role: 'ADMIN',
      email: 'boss@example.com',
      password: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Eve',
      lastName: 'Stone',
      role: 'USER',
      email: 'eve@example.com',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, eveId));
    expect(row).toMatchObject({ role: 'USER', email: 'eve@example.com', phoneNumber: '(512) 555-0101' });
    expect((await eve.get('/api/auth/user')).body.firstName).toBe('Eve');
  });

  it('refuses a phone with letters, naming the field, and keeps the old one', async () => {
    const res = await patch(eve, '/api/user/profile', { phoneNumber: 'call me' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('phoneNumber');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, eveId));
    expect(row?.phoneNumber).toBe('(512) 555-0101');
  });

  it('answers 401 to a visitor', async () => {
    expect((await patch(visitor, '/api/user/profile', { firstName: 'X' })).status).toBe(401);
  });
});

describe('shipping details', () => {
  it('answers 404 while the customer has no order', async () => {
    const res = await patch(eve, '/api/user/shipping-address', { address: '1 Main St' });
    expect(res.status).toBe(404);
  });

  it('updates the latest order only', async () => {
    const older = await createOrderAtStages(
      t.database.db,
      {
        orderId: 'VH4001',
        productName: 'Studio',
        email: 'eve@example.com',
        orderDate: new Date('2026-01-01'),
      },
      [{ stage: 'DELIVERED' }],
    );
    const latest = await createOrderAtStages(
      t.database.db,
      {
        orderId: 'VH4002',
        productName: 'Cabin',
        email: 'eve@example.com',
        orderDate: new Date('2026-03-01'),
      },
      [{ stage: 'PRODUCTION' }],
    );
    const res = await patch(eve, '/api/user/shipping-address', {
      address: '77 Lake Rd',
      city: 'Austin',
      state: 'TX',
      zipCode: '78702',
      phoneNumber: '5125550111',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderId: 'VH4002',
      shippingAddress: { street: '77 Lake Rd', city: 'Austin', state: 'TX', zipCode: '78702' },
      phoneNumber: '5125550111',
    });
    const [old] = await t.database.db.select().from(orders).where(eq(orders.id, older.order.id));
    expect(old?.shippingAddress).toBeNull();
    const [now] = await t.database.db.select().from(orders).where(eq(orders.id, latest.order.id));
    expect(now?.phoneNumber).toBe('5125550111');
  });

  it('refuses a missing address or a bad ZIP code with 400 naming the field', async () => {
    const missing = await patch(eve, '/api/user/shipping-address', { city: 'Austin' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('address');
    const zip = await patch(eve, '/api/user/shipping-address', { address: '1 Main', zipCode: '12' });
    expect(zip.body.fields).toHaveProperty('zipCode');
  });

  it('answers 401 to a visitor', async () => {
    expect((await patch(visitor, '/api/user/shipping-address', { address: '1 Main' })).status).toBe(401);
  });
});

describe('notification toggles', () => {
  it('start on and are stored per user', async () => {
    expect((await eve.get('/api/user/notifications')).body).toEqual({ email: true, sms: true });
    const res = await patch(eve, '/api/user/notifications', { sms: false });
    expect(res.body).toEqual({ email: true, sms: false });
    expect((await eve.get('/api/user/notifications')).body).toEqual({ email: true, sms: false });
    const other = (await signedInCustomer(t, 'fay@example.com')).client;
    expect((await other.get('/api/user/notifications')).body).toEqual({ email: true, sms: true });
  });

  it('refuse a value that is not a boolean and a visitor', async () => {
    expect((await patch(eve, '/api/user/notifications', { email: 'no' })).status).toBe(400);
    expect((await visitor.get('/api/user/notifications')).status).toBe(401);
  });
});

describe('registration status', () => {
  it('answers REGISTERED for oneself, UNREGISTERED for an account made from an order, to an admin', async () => {
    expect((await eve.get(`/api/user/${eveId}/status`)).body).toEqual({ status: 'REGISTERED' });
    const { order } = await seedOrder(t.database.db, {
      orderId: 'VH4100',
      productName: 'Studio',
      email: 'pending@example.com',
    });
    const admin = (await signedInAdmin(t)).client;
    expect((await admin.get(`/api/user/${order.userId}/status`)).body).toEqual({ status: 'UNREGISTERED' });
    expect((await eve.get(`/api/user/${order.userId}/status`)).status).toBe(404);
    expect((await visitor.get(`/api/user/${eveId}/status`)).status).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this browser signed in and signs out the others', async () => {
    const email = 'gus@example.com';
    const here = (await signedInCustomer(t, email)).client;
    const elsewhere = t.client();
    await signIn(t, elsewhere, email, 'correct horse 1');
    expect((await elsewhere.get('/api/auth/user')).status).toBe(200);

    const wrong = await here.post('/api/user/password', {
      currentPassword: 'not it',
      newPassword: 'new password 2',
      confirmPassword: 'new password 2',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.currentPassword).toBe('Current password is incorrect');
    expect((await elsewhere.get('/api/auth/user')).status).toBe(200);

    const ok = await here.post('/api/user/password', {
      currentPassword: 'correct horse 1',
      newPassword: 'new password 2',
      confirmPassword: 'new password 2',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password updated');
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email, password: 'correct horse 1' })).status).toBe(
      401,
    );
    expect((await t.client().post('/api/auth/login', { email, password: 'new password 2' })).status).toBe(
      200,
    );
  });

  it('refuses a short or unconfirmed new password with the field named', async () => {
    const short = await eve.post('/api/user/password', {
      currentPassword: 'correct horse 1',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword).toBe('Password must be at least 8 characters');
    const mismatch = await eve.post('/api/user/password', {
      currentPassword: 'correct horse 1',
      newPassword: 'long enough 1',
      confirmPassword: 'long enough 2',
    });
    expect(mismatch.body.fields.confirmPassword).toBe('New password and confirmation must match');
    expect(
      (await t.client().post('/api/auth/login', { email: 'eve@example.com', password: 'correct horse 1' }))
        .status,
    ).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    expect(
      (
        await visitor.post('/api/user/password', {
          currentPassword: 'a',
          newPassword: 'bbbbbbbb',
          confirmPassword: 'bbbbbbbb',
        })
      ).status,
    ).toBe(401);
  });
});

describe('visitors', () => {
  it('get 401 even when what they send is invalid', async () => {
    expect((await visitor.post('/api/user/password', { nonsense: true })).status).toBe(401);
    expect((await patch(visitor, '/api/user/profile', { phoneNumber: 'call me' })).status).toBe(401);
    expect((await visitor.post('/api/onboarding/submit', {})).status).toBe(401);
    expect((await patch(visitor, '/api/order-items/abc/status', {})).status).toBe(401);
  });
});

describe('every customer route', () => {
  it('answers 401 to a visitor', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/orders'],
      ['GET', '/api/orders/1'],
      ['GET', '/api/orders/1/items'],
      ['GET', '/api/orders/1/events'],
      ['GET', '/api/order-items/1/details'],
      ['PATCH', '/api/order-items/1/status'],
      ['POST', '/api/onboarding/submit'],
      ['PATCH', '/api/user/profile'],
      ['PATCH', '/api/user/shipping-address'],
      ['POST', '/api/user/password'],
      ['GET', '/api/user/notifications'],
      ['PATCH', '/api/user/notifications'],
      ['GET', '/api/user/1/status'],
    ];
    for (const [method, path] of routes) {
      const res = await visitor.request(method, path, method === 'GET' ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
