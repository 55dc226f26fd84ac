import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userHasOrdersMessage } from '../../../shared/schemas/customers.js';
import { orders } from '../../db/schema/orders.js';
import { sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff, signIn } from '../../test/auth-flow.js';
import { codeFrom } from '../../test/mail-catcher.js';
import { createOrderAtStages } from '../orders/index.js';
import { CANNOT_DELETE_SELF, CANNOT_DEMOTE_SELF, LAST_ADMIN } from './service.js';

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
  const signedIn = await signedInAdmin(t);
  admin = signedIn.client;
  adminId = signedIn.user.id;
});

afterAll(async () => {
  await t?.close();
});

/** A user straight in the database: with a password (ACTIVE) or without (PENDING, as from an order). */
async function insertUser(email: string, options: { password?: string; role?: 'USER' | 'ADMIN' } = {}) {
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      role: options.role ?? 'USER',
      password: options.password ? await hashPassword(options.password) : null,
    })
    .returning();
  if (!user) throw new Error('insert failed');
  return user;
}

const order = (orderId: string, email: string | null, amount: string | null, orderDate = new Date()) =>
  createOrderAtStages(t.database.db, { orderId, productName: 'Studio 240', email, amount, orderDate }, [
    { stage: 'DOCUMENTS_SIGNING' },
  ]);

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('who may call', () => {
  it('answers 401 to a visitor and 403 to a customer on every route, before reading input', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/customers' },
      { method: 'GET', path: '/api/admin/users?role=ADMIN' },
      { method: 'GET', path: '/api/admin/users/1' },
      { method: 'POST', path: '/api/admin/users/1/reset-password' },
      { method: 'PATCH', path: '/api/admin/users/1', json: { email: 'new@example.com' } },
      {
        method: 'PUT',
        path: '/api/admin/users/1',
        json: { email: 'new@example.com', password: '', role: 'ADMIN' },
      },
      { method: 'DELETE', path: '/api/admin/users/1' },
      {
        method: 'POST',
        path: '/api/settings/users/create',
        json: { email: 'made@example.com', password: 'secret12', role: 'ADMIN' },
      },
    ]);
  });
});

describe('customer list', () => {
  beforeAll(async () => {
    await insertUser('list-nobody@example.com');
    await order('LST-1', 'list-rich@example.com', '7500000', new Date('2026-01-01'));
    await order('LST-2', 'list-rich@example.com', '1250', new Date('2026-01-02'));
    // Not a number and no amount: counted as orders, worth nothing.
    await order('LST-3', 'list-rich@example.com', 'n/a');
    await order('LST-4', 'list-rich@example.com', null);
    await order('LST-5', 'list-small@example.com', ' 999 ');
    await order('LST-6', null, '5000');
    await t.database.db
      .update(users)
      .set({ firstName: 'Rita', lastName: 'Rich' })
      .where(eq(users.email, 'list-rich@example.com'));
    await insertUser('list_under@example.com');
  });

  it('counts each customer’s orders, what they paid and the value of their orders, in cents', async () => {
    // Paid: one deposit of a three-unit order, and an order paid as a whole (a transaction id, no unit payment).
    await createOrderAtStages(
      t.database.db,
      { orderId: 'LST-7', productName: 'Cabin 400', email: 'list-small@example.com', amount: '15000000' },
      [
        { stage: 'SITE_PREP', stageData: { paymentAmount: 500_000, paymentStatus: 'paid' } },
        { stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 500_000 } },
        { stage: 'DOCUMENTS_SIGNING' },
      ],
    );
    await createOrderAtStages(
      t.database.db,
      {
        orderId: 'LST-8',
        productName: 'Cabin 400',
        email: 'list-rich@example.com',
        amount: '2000000',
        transactionId: 'txn_lst_8',
      },
      [{ stage: 'PRODUCTION' }],
    );
    const res = await admin.get('/api/admin/customers?q=list-&sort=totalSpent:desc');
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: any) => [c.email, c.orders, c.totalSpent, c.orderValue])).toEqual([
      ['list-rich@example.com', 5, 2_000_000, 9_501_250],
      ['list-small@example.com', 2, 500_000, 15_000_999],
      ['list-nobody@example.com', 0, 0, 0],
    ]);
    expect(res.body.items[0]).toMatchObject({ firstName: 'Rita', lastName: 'Rich' });
    expect(Object.keys(res.body.items[0]).sort()).toEqual(
      ['email', 'firstName', 'id', 'lastName', 'orderValue', 'orders', 'totalSpent'].sort(),
    );
  });

  it('lists users of role USER only', async () => {
    await insertUser('list-admin@example.com', { role: 'ADMIN', password: 'admin pass 1' });
    const res = await admin.get('/api/admin/customers?q=list-&pageSize=100');
    const emails = res.body.items.map((c: any) => c.email);
    expect(emails).not.toContain('list-admin@example.com');
    expect(emails).not.toContain('staff@example.com');
    expect(res.body.total).toBe(3);
  });

  it('pages on the server and reports the total of the whole search', async () => {
    const first = await admin.get('/api/admin/customers?q=list-&sort=email:asc&page=1&pageSize=2');
    const second = await admin.get('/api/admin/customers?q=list-&sort=email:asc&page=2&pageSize=2');
    expect(first.body.total).toBe(3);
    expect(second.body.total).toBe(3);
    expect(first.body.items.map((c: any) => c.email)).toEqual([
      'list-nobody@example.com',
      'list-rich@example.com',
    ]);
    expect(second.body.items.map((c: any) => c.email)).toEqual(['list-small@example.com']);
  });

  it('searches e-mail and name case-insensitively, the id exactly, and wildcards as plain text', async () => {
    const byName = await admin.get('/api/admin/customers?q=rita%20RICH');
    expect(byName.body.items.map((c: any) => c.email)).toEqual(['list-rich@example.com']);
    const byEmail = await admin.get('/api/admin/customers?q=LIST-SMALL');
    expect(byEmail.body.items.map((c: any) => c.email)).toEqual(['list-small@example.com']);
    const rich = byName.body.items[0];
    const byId = await admin.get(`/api/admin/customers?q=${rich.id}`);
    expect(byId.body.items.map((c: any) => c.id)).toContain(rich.id);
    const underscore = await admin.get('/api/admin/customers?q=list_');
    expect(underscore.body.items.map((c: any) => c.email)).toEqual(['list_under@example.com']);
    const none = await admin.get('/api/admin/customers?q=nobody-matches-this');
    expect(none.body).toEqual({ items: [], total: 0 });
  });

  it('refuses a bad page size, page or sort with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
      ['sort=password:asc', 'sort'],
    ]) {
      const res = await admin.get(`/api/admin/customers?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.fields), query).toEqual([field]);
    }
  });
});

describe('users and one user', () => {
  it('lists the admins for the Admin Users tab, with no password hash', async () => {
    const res = await admin.get('/api/admin/users?role=ADMIN&pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((u: any) => u.role === 'ADMIN')).toBe(true);
    const staff = res.body.items.find((u: any) => u.email === 'staff@example.com');
    expect(staff).toMatchObject({ id: adminId, accountStatus: 'ACTIVE' });
    expect(staff.lastActiveAt).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect((await admin.get('/api/admin/users?role=OWNER')).body.fields).toHaveProperty('role');
  });

  it('answers a user with their orders, newest first, and 404 for an unknown id', async () => {
    await order('ONE-1', 'one@example.com', '1000', new Date('2026-03-01'));
    await order('ONE-2', 'one@example.com', null, new Date('2026-04-01'));
    const [one] = await t.database.db.select().from(users).where(eq(users.email, 'one@example.com'));
    const res = await admin.get(`/api/admin/users/${one?.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'one@example.com', role: 'USER', accountStatus: 'PENDING' });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body.orders.map((o: any) => [o.orderId, o.status, o.amount])).toEqual([
      ['ONE-2', 'DOCUMENTS_SIGNING', null],
      ['ONE-1', 'DOCUMENTS_SIGNING', '1000'],
    ]);
    expect((await admin.get('/api/admin/users/999999')).status).toBe(404);
  });

  it('answers a staff account only to an admin; the other staff roles still read customers', async () => {
    const customer = await insertUser('read-me@example.com');
    const operator = await signedInStaff(t, 'OPERATIONS', 'ops-colleague@example.com');
    for (const role of ['VIEWER', 'SUPPORT', 'OPERATIONS'] as const) {
      const { client } = await signedInStaff(t, role);
      for (const staffId of [adminId, operator.user.id]) {
        const res = await client.get(`/api/admin/users/${staffId}`);
        expect(res.status, `${role} reading staff ${staffId}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'STAFF_ACCOUNT_ADMIN_ONLY' });
        expect(JSON.stringify(res.body)).not.toContain('@example.com');
      }
      const read = await client.get(`/api/admin/users/${customer.id}`);
      expect(read.status, role).toBe(200);
      expect(read.body).toMatchObject({ email: 'read-me@example.com', role: 'USER' });
    }
    expect((await admin.get(`/api/admin/users/${operator.user.id}`)).body).toMatchObject({
      email: 'ops-colleague@example.com',
      role: 'OPERATIONS',
    });
  });
});

describe('reset password', () => {
  it('mails a code that completes the reset through the sign-in reset calls; the new password signs in', async () => {
    const customer = await insertUser('reset-me@example.com', { password: 'old password 1' });
    const res = await admin.post(`/api/admin/users/${customer.id}/reset-password`);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('reset-me@example.com');

    const mail = await t.mail.waitForMail('reset-me@example.com', 1);
    expect(mail.subject).toMatch(/^Reset your password/);
    expect(mail.text).toContain(`${t.config.publicUrl}/auth?reset=reset-me%40example.com&status=ACTIVE`);
    const code = codeFrom(mail);

    // Until the user acts, the old password still works.
    const browser = t.client();
    expect(
      (await browser.post('/api/auth/login', { email: 'reset-me@example.com', password: 'old password 1' }))
        .status,
    ).toBe(200);
    const checked = await browser.post('/api/auth/verify-code', {
      email: 'reset-me@example.com',
      code,
      reset: true,
    });
    expect(checked.status).toBe(200);
    const reset = await browser.post('/api/auth/reset-password', {
      email: 'reset-me@example.com',
      password: 'new password 1',
      confirmPassword: 'new password 1',
      code,
    });
    expect(reset.status).toBe(200);
    const old = await t.client().post('/api/auth/login', {
      email: 'reset-me@example.com',
      password: 'old password 1',
    });
    expect(old.status).toBe(401);
    await signIn(t, t.client(), 'reset-me@example.com', 'new password 1');
  });

  it('links a user without a password to account set-up, and answers 404 for an unknown id', async () => {
    const pending = await insertUser('reset-pending@example.com');
    expect((await admin.post(`/api/admin/users/${pending.id}/reset-password`)).status).toBe(200);
    const mail = await t.mail.waitForMail('reset-pending@example.com', 1);
    expect(mail.text).toContain('status=PENDING');
    const missing = await admin.post('/api/admin/users/999999/reset-password');
    expect(missing.status).toBe(404);
  });
});

describe('change e-mail', () => {
  it('stores the new address lower-cased and marks it unproven', async () => {
    const user = await insertUser('change-me@example.com');
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
    const res = await t.client().request('PATCH', `/api/admin/users/${user.id}`, {
      json: { email: 'x@example.com' },
    });
    expect(res.status).toBe(401);
    const changed = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
      json: { email: '  Changed@Example.COM ' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: user.id, email: 'changed@example.com' });
    expect(await userRow(user.id)).toMatchObject({ email: 'changed@example.com', verified: false });
  });

  it('refuses an address another account uses with 409, and a bad one with 400 naming email; nothing changes', async () => {
    const user = await insertUser('keep-me@example.com');
    await insertUser('taken@example.com');
    const taken = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
      json: { email: 'TAKEN@example.com' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_IN_USE');
    expect(taken.body.message).toBe('Another account already uses this email address');
    for (const json of [{ email: 'not-an-address' }, { email: '' }, {}]) {
      const bad = await admin.request('PATCH', `/api/admin/users/${user.id}`, { json });
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.fields).toHaveProperty('email');
    }
    expect((await userRow(user.id))?.email).toBe('keep-me@example.com');
    const missing = await admin.request('PATCH', '/api/admin/users/999999', {
      json: { email: 'free@example.com' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('delete user', () => {
  it('refuses a user with orders with the product’s message and the count, and deletes nothing', async () => {
    await order('DEL-1', 'has-orders@example.com', '100');
    await order('DEL-2', 'has-orders@example.com', '200');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'has-orders@example.com'));
    const res = await admin.request('DELETE', `/api/admin/users/${user?.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'USER_HAS_ORDERS', message: userHasOrdersMessage(2), orders: 2 });
    expect(res.body.message).toBe(
      'This user has 2 associated orders and cannot be deleted. Please reassign or delete the orders first.',
    );
    expect(await userRow(user?.id ?? 0)).toBeDefined();
    const linked = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user?.id ?? 0));
    expect(linked).toHaveLength(2);
  });

  it('deletes a user without orders and ends their sessions', async () => {
    const { client, user } = await signedInCustomer(t, 'delete-me@example.com');
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const res = await admin.request('DELETE', `/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted' });
    expect(await userRow(user.id)).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await admin.request('DELETE', `/api/admin/users/${user.id}`)).status).toBe(404);
  });

  it('refuses an admin deleting themself', async () => {
    const res = await admin.request('DELETE', `/api/admin/users/${adminId}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CANNOT_DELETE_SELF');
    expect(res.body.message).toBe(CANNOT_DELETE_SELF);
    expect(await userRow(adminId)).toBeDefined();
  });
});

describe('Add User', () => {
  it('creates a user with a password who signs in normally; the answer has no hash', async () => {
    const res = await admin.post('/api/settings/users/create', {
      email: 'New.Admin@Example.com',
      password: 'eight888',
      role: 'ADMIN',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new.admin@example.com',
      role: 'ADMIN',
      accountStatus: 'ACTIVE',
    });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    const newAdmin = t.client();
    await signIn(t, newAdmin, 'new.admin@example.com', 'eight888');
    expect((await newAdmin.get('/api/admin/customers')).status).toBe(200);
  });

  it('refuses bad input with 400 naming each field, and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'nope', password: 'secret12', role: 'USER' }, 'email'],
      [{ email: 'short@example.com', password: 'seven77', role: 'USER' }, 'password'],
      [{ email: 'role@example.com', password: 'secret12', role: 'OWNER' }, 'role'],
      [{ email: 'norole@example.com', password: 'secret12' }, 'role'],
      [{ email: 'nopass@example.com', role: 'USER' }, 'password'],
    ];
    for (const [json, field] of cases) {
      const res = await admin.post('/api/settings/users/create', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(json)).toEqual([field]);
    }
    expect((await admin.post('/api/settings/users/create', cases[1]?.[0])).body.fields.password).toBe(
      'Password must be at least 8 characters',
    );
    for (const email of [
      'short@example.com',
      'role@example.com',
      'norole@example.com',
      'nopass@example.com',
    ]) {
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('refuses an address that already has an account with 409', async () => {
    await insertUser('exists@example.com');
    const res = await admin.post('/api/settings/users/create', {
      email: 'EXISTS@example.com',
      password: 'secret12',
      role: 'USER',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_IN_USE');
    expect(res.body.message).toBe('Another account already uses this email address');
  });
});

describe('Edit User', () => {
  it('keeps the current password when the password is blank or absent', async () => {
    const user = await insertUser('edit-keep@example.com', { password: 'keep password 1', role: 'ADMIN' });
    for (const password of ['', '   ', undefined]) {
      const res = await admin.request('PUT', `/api/admin/users/${user.id}`, {
        json: { email: 'edit-keep@example.com', password, role: 'ADMIN' },
      });
      expect(res.status).toBe(200);
    }
    await signIn(t, t.client(), 'edit-keep@example.com', 'keep password 1');
  });

  it('sets a new password (old one refused, the user signed out everywhere), e-mail and role', async () => {
    const user = await insertUser('edit-me@example.com', { password: 'first password 1' });
    const theirBrowser = t.client();
    await signIn(t, theirBrowser, 'edit-me@example.com', 'first password 1');
    const res = await admin.request('PUT', `/api/admin/users/${user.id}`, {
      json: { email: 'Edited@example.com', password: 'second password', role: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: 'edited@example.com', role: 'ADMIN' });
    expect((await theirBrowser.get('/api/auth/user')).status).toBe(401);
    const old = await t
      .client()
      .post('/api/auth/login', { email: 'edited@example.com', password: 'first password 1' });
    expect(old.status).toBe(401);
    const promoted = t.client();
    await signIn(t, promoted, 'edited@example.com', 'second password');
    expect((await promoted.get('/api/admin/users?role=ADMIN')).status).toBe(200);
  });

  it('refuses a short new password, a bad e-mail or role with 400 naming the field; nothing changes', async () => {
    const user = await insertUser('edit-bad@example.com', { password: 'the password 1' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'edit-bad@example.com', password: 'seven77', role: 'USER' }, 'password'],
      [{ email: 'edit-bad', password: '', role: 'ADMIN' }, 'email'],
      [{ email: 'edit-bad@example.com', role: 'ROOT' }, 'role'],
    ];
    for (const [json, field] of cases) {
      const res = await admin.request('PUT', `/api/admin/users/${user.id}`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(json)).toEqual([field]);
    }
    expect(await userRow(user.id)).toMatchObject({ email: 'edit-bad@example.com', role: 'USER' });
    await signIn(t, t.client(), 'edit-bad@example.com', 'the password 1');
  });

  it('refuses an e-mail another account uses with 409', async () => {
    const user = await insertUser('edit-dup@example.com');
    await insertUser('edit-other@example.com');
    const res = await admin.request('PUT', `/api/admin/users/${user.id}`, {
      json: { email: 'edit-other@example.com', role: 'USER' },
    });
    expect(res.status).toBe(409);
    expect((await userRow(user.id))?.email).toBe('edit-dup@example.com');
  });

  it('refuses an admin removing their own admin role, but lets them edit their own password', async () => {
    const res = await admin.request('PUT', `/api/admin/users/${adminId}`, {
      json: { email: 'staff@example.com', role: 'USER' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CANNOT_DEMOTE_SELF');
    expect(res.body.message).toBe(CANNOT_DEMOTE_SELF);
    expect((await userRow(adminId))?.role).toBe('ADMIN');

    const own = await admin.request('PUT', `/api/admin/users/${adminId}`, {
      json: { email: 'staff@example.com', password: 'staff password 2', role: 'ADMIN' },
    });
    expect(own.status).toBe(200);
    // The admin's own session survives their own password change.
    expect((await admin.get('/api/admin/users?role=ADMIN')).status).toBe(200);
    await signIn(t, t.client(), 'staff@example.com', 'staff password 2');
  });

  it('of two admins demoting each other at once, only one succeeds: an admin always remains', async () => {
    const isolated = await startTestApp();
    try {
      const a = await signedInAdmin(isolated, 'a@example.com', 'a password 1');
      const b = await signedInAdmin(isolated, 'b@example.com', 'b password 1');
      // A fresh database: a and b are its only admins.
      const results = await Promise.all([
        a.client.request('PUT', `/api/admin/users/${b.user.id}`, {
          json: { email: 'b@example.com', role: 'USER' },
        }),
        b.client.request('PUT', `/api/admin/users/${a.user.id}`, {
          json: { email: 'a@example.com', role: 'USER' },
        }),
      ]);
      // The loser is refused by the last-admin rule, or (had the winner committed before its session
      // was read) as a customer.
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const refused = results.find((r) => r.status !== 200);
      if (refused?.status === 409) expect(refused.body).toEqual({ code: 'LAST_ADMIN', message: LAST_ADMIN });
      else expect(refused?.status).toBe(403);
      const admins = await isolated.database.db.select().from(users).where(eq(users.role, 'ADMIN'));
      expect(admins).toHaveLength(1);
    } finally {
      await isolated.close();
    }
  });
});
