import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS } from '../../../shared/schemas/staff-invitations.js';
import { auditLog, staffInvitations, users } from '../../db/schema.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff, signIn } from '../../test/auth-flow.js';

let t: TestApp;
let admin: TestClient;
const clock = manualClock();

beforeAll(async () => {
  t = await startTestApp({ clock });
  ({ client: admin } = await signedInAdmin(t, 'invite-admin@example.com'));
});
afterAll(async () => {
  await t?.close();
});

/** The token of the newest invitation mailed to `email`, read from its link as the person would. */
async function mailedToken(email: string, count = 1): Promise<string> {
  const mail = await t.mail.waitForMail(email, count);
  const link = mail.text.match(/https?:\/\/\S+\/auth\?invitation=[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in "${mail.text}"`);
  expect(link.startsWith(t.config.publicUrl)).toBe(true);
  return new URL(link).searchParams.get('invitation') as string;
}

describe('inviting staff', () => {
  it('invite, mail, accept with the person’s own password, then sign in with it', async () => {
    const email = 'new-staff@example.com';
    const res = await admin.post('/api/settings/users/invite', { email, role: 'OPERATIONS' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'OPERATIONS', id: expect.any(Number) });

    const mail = await t.mail.waitForMail(email);
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain('Operations');
    expect(mail.text).toContain('invite-admin@example.com');
    const token = await mailedToken(email);

    // The token is kept only as its hash.
    const [stored] = await t.database.db.select().from(staffInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);

    const visitor = t.client();
    const lookup = await visitor.post('/api/auth/invitations/lookup', { token });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ email, role: 'OPERATIONS' });

    // A pending account until then: nobody can sign in with a password the admin chose.
    const [pending] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(pending?.password).toBeNull();

    const accepted = await visitor.post('/api/auth/invitations/accept', {
      token,
      password: 'my own pass 42',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ email });

    const client = t.client();
    const user = await signIn(t, client, email, 'my own pass 42');
    expect(user.role).toBe('OPERATIONS');
    const me = await client.get('/api/auth/user');
    expect(me.body.permissions).toContain('orders.status');

    const actions = (await t.database.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toContain('user.invited');
    expect(actions).toContain('user.invitation_accepted');
  });

  it('gives the least role, Viewer, when none is chosen', async () => {
    const res = await admin.post('/api/settings/users/invite', { email: 'no-role@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('VIEWER');
    expect((await t.mail.waitForMail('no-role@example.com')).text).toContain('Viewer');
  });

  it('refuses a reused token, and a new invitation voids the old link', async () => {
    const email = 'twice@example.com';
    await admin.post('/api/settings/users/invite', { email, role: 'SUPPORT' });
    const first = await mailedToken(email, 1);
    await admin.post('/api/settings/users/invite', { email, role: 'SUPPORT' });
    const second = await mailedToken(email, 2);
    expect(second).not.toBe(first);

    const visitor = t.client();
    const old = await visitor.post('/api/auth/invitations/accept', {
      token: first,
      password: 'password one 1',
    });
    expect(old.status).toBe(404);
    expect(old.body.code).toBe('INVITATION_NOT_FOUND');

    expect(
      (await visitor.post('/api/auth/invitations/accept', { token: second, password: 'password one 1' }))
        .status,
    ).toBe(200);
    const again = await visitor.post('/api/auth/invitations/accept', {
      token: second,
      password: 'stolen pass 99',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVITATION_USED');
    expect((await visitor.post('/api/auth/invitations/lookup', { token: second })).body.code).toBe(
      'INVITATION_USED',
    );
    // The account keeps the first password chosen.
    await signIn(t, t.client(), email, 'password one 1');

    // Now an active account: inviting the address again is refused.
    const reinvite = await admin.post('/api/settings/users/invite', { email, role: 'ADMIN' });
    expect(reinvite.status).toBe(409);
    expect(reinvite.body.code).toBe('EMAIL_IN_USE');
  });

  it('refuses an expired link', async () => {
    const email = 'late@example.com';
    await admin.post('/api/settings/users/invite', { email });
    const token = await mailedToken(email);
    clock.advanceMinutes(INVITATION_TTL_DAYS * 24 * 60 + 1);
    try {
      const res = await t
        .client()
        .post('/api/auth/invitations/accept', { token, password: 'too late pass 1' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVITATION_EXPIRED');
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user?.password).toBeNull();
    } finally {
      clock.advanceMinutes(-(INVITATION_TTL_DAYS * 24 * 60 + 1));
    }
  });

  it('refuses an unknown token, a short password and a customer’s address', async () => {
    const visitor = t.client();
    const unknown = await visitor.post('/api/auth/invitations/accept', {
      token: 'x'.repeat(43),
      password: 'some password 1',
    });
    expect(unknown.status).toBe(404);
    await admin.post('/api/settings/users/invite', { email: 'short@example.com' });
    const token = await mailedToken('short@example.com');
    const short = await visitor.post('/api/auth/invitations/accept', { token, password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toHaveProperty('password');

    await signedInCustomer(t, 'a-customer@example.com');
    const customer = await admin.post('/api/settings/users/invite', { email: 'a-customer@example.com' });
    expect(customer.status).toBe(409);
    const [still] = await t.database.db.select().from(users).where(eq(users.email, 'a-customer@example.com'));
    expect(still?.role).toBe('USER');

    expect(
      (await admin.post('/api/settings/users/invite', { email: 'x@example.com', role: 'USER' })).status,
    ).toBe(400);
    expect((await admin.post('/api/settings/users/invite', { email: 'not an address' })).status).toBe(400);
  });

  it('refuses visitors, customers and staff without the users permission, and mails nothing', async () => {
    const body = { email: 'sneaky@example.com', role: 'ADMIN' };
    expect((await t.client().post('/api/settings/users/invite', body)).status).toBe(401);
    const { client: customer } = await signedInCustomer(t, 'invite-customer@example.com');
    expect((await customer.post('/api/settings/users/invite', body)).status).toBe(403);
    for (const role of ['OPERATIONS', 'SUPPORT', 'VIEWER'] as const) {
      const { client } = await signedInStaff(t, role, `invite-${role.toLowerCase()}@example.com`);
      expect((await client.post('/api/settings/users/invite', body)).status, role).toBe(403);
    }
    expect(t.mail.forAddress('sneaky@example.com')).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'))).toEqual([]);
  });
});
