import { asc, eq, gt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_CHANGED } from '../../../shared/schemas/audit.js';
import { type AuditLogEntry, auditLog, users } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/auth-flow.js';
import { HEADER, postImport, toCsv } from '../../test/fixtures/import-files.js';
import { seedOrder } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;
let adminUser: { id: number; email: string };
let operations: TestClient;
let mark = 0;

beforeAll(async () => {
  t = await startTestApp();
  ({ client: admin, user: adminUser } = await signedInAdmin(t, 'audit-admin@example.com'));
  ({ client: operations } = await signedInStaff(t, 'OPERATIONS', 'audit-ops@example.com'));
});
afterAll(async () => {
  await t?.close();
});

/** Remembers where the log ends, so a test sees only the entries its own action wrote. */
async function markLog() {
  const [row] = await t.database.db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  mark = Number(row?.id ?? 0);
}
async function newEntries(): Promise<AuditLogEntry[]> {
  return t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
}
/** Exactly one new entry, with this action and target, by the admin of these tests. */
async function expectOneEntry(action: string, target: { type: string; id?: string | null }) {
  const entries = await newEntries();
  expect(entries.map((e) => e.action)).toEqual([action]);
  const [entry] = entries as [AuditLogEntry];
  expect(entry.targetType).toBe(target.type);
  if (target.id !== undefined) expect(entry.targetId).toBe(target.id);
  expect(entry.actorId).toBe(adminUser.id);
  expect(entry.actorEmail).toBe(adminUser.email);
  expect(entry.ip).toBe('127.0.0.1');
  return entry;
}
async function expectNoEntry() {
  expect(await newEntries()).toEqual([]);
}

let orderCount = 0;
async function newOrder(quantity = 2) {
  orderCount += 1;
  const { order } = await seedOrder(t.database.db, {
    orderId: `AUD${1000 + orderCount}`,
    productName: 'Cabin 400',
    quantity,
    status: 'PRODUCTION',
  });
  return order.id;
}

describe('the audit log records staff actions', () => {
  it('a staff sign-in, with its address; a customer sign-in is not a staff action', async () => {
    await markLog();
    const { user } = await signedInStaff(t, 'VIEWER', 'audit-viewer@example.com');
    const entries = await newEntries();
    expect(entries.map((e) => [e.action, e.actorEmail, e.targetId, e.ip])).toEqual([
      ['staff.signed_in', 'audit-viewer@example.com', String(user.id), '127.0.0.1'],
    ]);
    await markLog();
    await signedInCustomer(t, 'audit-customer@example.com');
    await expectNoEntry();
  });

  it('a status change (whole order and one unit); a refused change writes none', async () => {
    const id = await newOrder();
    await markLog();
    expect(
      (await admin.request('PATCH', `/api/admin/orders/${id}/status`, { json: { status: 'DELIVERED' } }))
        .status,
    ).toBe(200);
    const entry = await expectOneEntry('order.status_changed', { type: 'order', id: String(id) });
    expect(entry.changes).toEqual({ status: 'DELIVERED', from: 'PRODUCTION' });

    await markLog();
    const unit = await admin.request('PATCH', `/api/admin/orders/${id}/status`, {
      json: { status: 'PRODUCTION', itemNumber: 2 },
    });
    expect(unit.status).toBe(200);
    expect((await expectOneEntry('order.status_changed', { type: 'order' })).changes).toEqual({
      status: 'PRODUCTION',
      itemNumber: 2,
      from: 'DELIVERED',
    });

    await markLog();
    // A unit the order does not have: the transaction rolls back, and its entry with it.
    const missing = await admin.request('PATCH', `/api/admin/orders/${id}/status`, {
      json: { status: 'DELIVERED', itemNumber: 9 },
    });
    expect(missing.status).toBe(400);
    const invalid = await admin.request('PATCH', `/api/admin/orders/${id}/status`, {
      json: { status: 'NOPE' },
    });
    expect(invalid.status).toBe(400);
    await expectNoEntry();
  });

  it('a bulk status change, once for all its orders; one unknown order and none', async () => {
    const ids = [await newOrder(), await newOrder()];
    await markLog();
    const res = await admin.post('/api/admin/orders/bulk-status', { orderIds: ids, status: 'DELIVERED' });
    expect(res.status).toBe(200);
    const entry = await expectOneEntry('orders.bulk_status_changed', { type: 'order', id: ids.join(',') });
    expect(entry.changes).toEqual({ status: 'DELIVERED', orderIds: ids });

    await markLog();
    const refused = await admin.post('/api/admin/orders/bulk-status', {
      orderIds: [...ids, 999999],
      status: 'PRODUCTION',
    });
    expect(refused.status).toBe(404);
    await expectNoEntry();
  });

  it('a note, with its text', async () => {
    const id = await newOrder();
    await markLog();
    expect((await admin.post(`/api/admin/orders/${id}/notes`, { text: 'Called the customer' })).status).toBe(
      201,
    );
    const entry = await expectOneEntry('order.note_added', { type: 'order', id: String(id) });
    expect(entry.changes).toEqual({ text: 'Called the customer' });
  });

  it('a delete and a bulk delete, keeping what was deleted', async () => {
    const id = await newOrder();
    await markLog();
    expect((await admin.request('DELETE', `/api/admin/orders/${id}`)).status).toBe(200);
    const entry = await expectOneEntry('order.deleted', { type: 'order', id: String(id) });
    expect(entry.changes).toMatchObject({ order: { id } });

    const ids = [await newOrder(), await newOrder()];
    await markLog();
    expect((await admin.post('/api/admin/orders/bulk-delete', { orderIds: ids })).status).toBe(200);
    await expectOneEntry('orders.bulk_deleted', { type: 'order', id: ids.join(',') });

    await markLog();
    expect((await admin.post('/api/admin/orders/bulk-delete', { orderIds: [999999] })).status).toBe(404);
    await expectNoEntry();
  });

  it('an export, with its filter', async () => {
    await newOrder();
    await markLog();
    const res = await admin.get('/api/admin/orders/export?status=PRODUCTION');
    expect(res.status).toBe(200);
    const entry = await expectOneEntry('orders.exported', { type: 'order' });
    expect(entry.changes).toMatchObject({ filters: { status: ['PRODUCTION'] } });
  });

  it('an import that writes; a preview writes none', async () => {
    const csv = toCsv([HEADER, ['AUDIMP1', 'Studio 240', 1, '2025-03-14', '', '', '78701']]);
    await markLog();
    const preview = await postImport(admin, { name: 'orders.csv', content: csv }, { dryRun: true });
    expect(preview.status).toBe(200);
    await expectNoEntry();
    const res = await postImport(admin, { name: 'orders.csv', content: csv });
    expect(res.status).toBe(200);
    const entry = await expectOneEntry('orders.imported', { type: 'order' });
    expect(entry.changes).toMatchObject({ rows: 1, created: 1 });
  });

  it('users: create, edit, role change, password reset, delete; the last admin cannot be demoted', async () => {
    await markLog();
    const created = await admin.post('/api/settings/users/create', {
      email: 'audit-new@example.com',
      password: 'secret pass',
      role: 'SUPPORT',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const entry = await expectOneEntry('user.created', { type: 'user', id: String(id) });
    expect(entry.changes).toEqual({ email: 'audit-new@example.com', role: 'SUPPORT' });
    expect(JSON.stringify(entry)).not.toContain('secret pass');

    await markLog();
    const edited = await admin.request('PUT', `/api/admin/users/${id}`, {
      json: { email: 'audit-new2@example.com', password: 'another pass', role: 'SUPPORT' },
    });
    expect(edited.status).toBe(200);
    const edit = await expectOneEntry('user.updated', { type: 'user', id: String(id) });
    expect(edit.changes).toEqual({
      email: { from: 'audit-new@example.com', to: 'audit-new2@example.com' },
      password: SECRET_CHANGED,
    });

    await markLog();
    const promoted = await admin.request('PUT', `/api/admin/users/${id}`, {
      json: { email: 'audit-new2@example.com', role: 'OPERATIONS' },
    });
    expect(promoted.status).toBe(200);
    const role = await expectOneEntry('user.role_changed', { type: 'user', id: String(id) });
    expect(role.changes).toEqual({ role: { from: 'SUPPORT', to: 'OPERATIONS' } });

    await markLog();
    expect((await admin.post(`/api/admin/users/${id}/reset-password`)).status).toBe(200);
    await expectOneEntry('user.password_reset_sent', { type: 'user', id: String(id) });

    await markLog();
    expect((await admin.request('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    await expectOneEntry('user.deleted', { type: 'user', id: String(id) });

    // The only admin demoting themself: refused, nothing on record.
    await markLog();
    const demote = await admin.request('PUT', `/api/admin/users/${adminUser.id}`, {
      json: { email: adminUser.email, role: 'VIEWER' },
    });
    expect(demote.status).toBe(409);
    await expectNoEntry();
  });

  it('settings, with secrets recorded as changed and never as their value', async () => {
    await markLog();
    const res = await admin.post('/api/settings/integrations/batch', {
      webflowApiKey: 'wf-very-secret-key-1234',
      webflowSiteId: 'site-42',
    });
    expect(res.status).toBe(200);
    const entry = await expectOneEntry('settings.updated', { type: 'settings', id: 'integrations' });
    expect(entry.changes).toMatchObject({ webflowApiKey: SECRET_CHANGED, webflowSiteId: { to: 'site-42' } });
    expect(JSON.stringify(entry)).not.toContain('wf-very-secret');

    await markLog();
    const stripe = await admin.post('/api/stripe/update-key', { key: 'sk_test_abcdefghijklmnop1234' });
    expect(stripe.status).toBe(200);
    const key = await expectOneEntry('settings.updated', { type: 'settings', id: 'integrations' });
    expect(key.changes).toEqual({ stripeSecretKey: SECRET_CHANGED });
    expect(JSON.stringify(key)).not.toContain('abcdefghijklmnop');

    await markLog();
    const rotated = await admin.post('/api/admin/outbound-webhooks/signing-secret/rotate');
    expect(rotated.status).toBe(200);
    const secret = await expectOneEntry('signing_secret.rotated', { type: 'settings' });
    expect(JSON.stringify(secret)).not.toContain(rotated.body.secret);
  });

  it('API keys: created and revoked, never the key', async () => {
    await markLog();
    const created = await admin.post('/api/admin/api-keys', { name: 'Website' });
    expect(created.status).toBe(201);
    const entry = await expectOneEntry('api_key.created', { type: 'api_key', id: String(created.body.id) });
    expect(entry.changes).toEqual({ name: 'Website' });
    expect(JSON.stringify(entry)).not.toContain(created.body.key.slice(4));

    await markLog();
    expect((await admin.request('DELETE', `/api/admin/api-keys/${created.body.id}`)).status).toBe(200);
    await expectOneEntry('api_key.revoked', { type: 'api_key', id: String(created.body.id) });
  });

  it('service areas: added, removed, revalidated', async () => {
    await markLog();
    expect((await admin.post('/api/admin/service-areas', { zipCode: '73301' })).status).toBe(200);
    await expectOneEntry('service_area.added', { type: 'service_area', id: '73301' });
    await markLog();
    expect((await admin.request('DELETE', '/api/admin/service-areas/73301')).status).toBe(200);
    await expectOneEntry('service_area.removed', { type: 'service_area', id: '73301' });
    await markLog();
    expect((await admin.post('/api/admin/revalidate-locations')).status).toBe(200);
    await expectOneEntry('service_areas.revalidated', { type: 'service_area' });
  });

  it('delivery days: published and removed', async () => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await markLog();
    const slot = await admin.post('/api/admin/delivery-slots', { date, capacity: 3 });
    expect(slot.status).toBe(201);
    const entry = await expectOneEntry('delivery_slot.published', {
      type: 'delivery_slot',
      id: String(slot.body.id),
    });
    expect(entry.changes).toEqual({ date, capacity: 3 });
    await markLog();
    expect((await admin.request('DELETE', `/api/admin/delivery-slots/${slot.body.id}`)).status).toBe(200);
    await expectOneEntry('delivery_slot.removed', { type: 'delivery_slot', id: String(slot.body.id) });
  });

  it('a tracking link replaced, without the new token', async () => {
    const id = await newOrder();
    await markLog();
    const res = await admin.post(`/api/admin/orders/${id}/tracking-link`);
    expect(res.status).toBe(200);
    const entry = await expectOneEntry('order.tracking_link_replaced', { type: 'order', id: String(id) });
    expect(JSON.stringify(entry)).not.toContain(res.body.token);
  });

  it('nothing for a role refused the action', async () => {
    const id = await newOrder();
    await markLog();
    expect((await operations.request('DELETE', `/api/admin/orders/${id}`)).status).toBe(403);
    await expectNoEntry();
  });
});

describe('reading the audit log', () => {
  it('pages newest first and filters by who, what and when', async () => {
    const all = await admin.get('/api/admin/audit?pageSize=5');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.total).toBeGreaterThan(20);
    const ids = all.body.items.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.items[0]).toMatchObject({
      actor: { id: expect.any(Number), email: expect.any(String) },
      target: { type: expect.any(String) },
      at: expect.any(String),
    });

    const second = await admin.get('/api/admin/audit?pageSize=5&page=2');
    expect(second.body.items[0].id).toBeLessThan(ids[4]);

    const byActor = await admin.get('/api/admin/audit?actor=AUDIT-VIEWER&pageSize=100');
    expect(byActor.body.items.map((e: { action: string }) => e.action)).toEqual(['staff.signed_in']);

    const byAction = await admin.get('/api/admin/audit?action=api_key.created');
    expect(byAction.body.total).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await admin.get(`/api/admin/audit?from=${today}&to=${today}&pageSize=1`);
    expect(inRange.body.total).toBe(all.body.total);
    const before = await admin.get('/api/admin/audit?to=2000-01-01');
    expect(before.body).toEqual({ items: [], total: 0 });

    expect((await admin.get('/api/admin/audit?action=no.such')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('exports the same filter as CSV with formula triggers made text, and records the export', async () => {
    // An actor whose e-mail a spreadsheet would run as a formula.
    await t.database.db.insert(auditLog).values({
      actorId: 1,
      actorEmail: '=HYPERLINK("http://evil")@example.com',
      action: 'order.note_added',
      targetType: 'order',
      targetId: '1',
    });
    const res = await admin.get('/api/admin/audit/export?action=order.note_added');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-/);
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('ID,At,Actor ID,Actor,Action,Target type,Target ID,Changes,IP');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")@example.com"`);
    expect(lines.slice(1).every((line) => line.includes('order.note_added'))).toBe(true);
    const [last] = await t.database.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(last?.action).toBe('audit_log.exported');
  });

  it('has no route that changes an entry, and the database refuses changes too', async () => {
    const [entry] = await t.database.db.select().from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(
        (
          await admin.request(method, `/api/admin/audit/${entry?.id}`, {
            json: method === 'DELETE' ? undefined : {},
          })
        ).status,
      ).toBe(404);
    }
    await expect(
      t.database.db
        .update(auditLog)
        .set({ action: 'x' })
        .where(eq(auditLog.id, entry?.id ?? 0)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, entry?.id ?? 0))).rejects.toThrow();
  });

  it('names actors and targets as staff know them, links what exists, and hides secret and personal values', async () => {
    await t.database.db
      .update(users)
      .set({ firstName: 'Ana', lastName: 'Ruiz' })
      .where(eq(users.id, adminUser.id));
    const id = await newOrder();
    await admin.request('PATCH', `/api/admin/orders/${id}/status`, {
      json: { status: 'SITE_PREP', itemNumber: 2 },
    });
    const moved = await admin.get('/api/admin/audit?action=order.status_changed&pageSize=1');
    expect(moved.body.items[0]).toMatchObject({
      actor: { id: adminUser.id, email: adminUser.email, name: 'Ana Ruiz' },
      target: {
        type: 'order',
        id: String(id),
        name: `AUD${1000 + orderCount}`,
        link: { to: 'order', id: String(id) },
      },
      changes: { status: 'SITE_PREP', itemNumber: 2, from: 'PRODUCTION' },
    });

    // A deleted order keeps its name and has no link.
    await admin.request('DELETE', `/api/admin/orders/${id}`);
    const deleted = await admin.get('/api/admin/audit?action=order.deleted&pageSize=1');
    expect(deleted.body.items[0].target).toEqual({
      type: 'order',
      id: String(id),
      name: `AUD${1000 + orderCount}`,
    });

    // A customer target links to the customer, a staff target to the staff list.
    const { user: customer } = await signedInCustomer(t, 'audit-named-customer@example.com');
    await admin.post(`/api/admin/users/${customer.id}/reset-password`);
    const reset = await admin.get('/api/admin/audit?action=user.password_reset_sent&pageSize=1');
    expect(reset.body.items[0].target).toMatchObject({
      name: 'audit-named-customer@example.com',
      link: { to: 'customer', id: 'audit-named-customer@example.com' },
    });

    // What a writer should never have kept is hidden when read, in the page and in the CSV.
    await t.database.db.insert(auditLog).values({
      actorId: adminUser.id,
      actorEmail: adminUser.email,
      action: 'orders.bulk_job_finished',
      targetType: 'order',
      changes: { password: 'hunter2 secret', applicant: { phone: '+1 555 0100', name: 'Joe' }, total: 3 },
    });
    const masked = await admin.get('/api/admin/audit?pageSize=1');
    expect(masked.body.items[0].changes).toEqual({
      password: '(hidden)',
      applicant: { phone: '(hidden)', name: 'Joe' },
      total: 3,
    });
    const csv = await admin.get('/api/admin/audit/export');
    expect(String(csv.body)).not.toContain('hunter2');
    expect(String(csv.body)).not.toContain('555 0100');
  });

  it("keeps a deleted user's entries, with their e-mail", async () => {
    const { user } = await signedInStaff(t, 'SUPPORT', 'audit-leaver@example.com');
    expect((await admin.request('DELETE', `/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const left = await admin.get('/api/admin/audit?actor=audit-leaver');
    expect(left.body.items).toEqual([
      expect.objectContaining({
        actor: { id: user.id, email: 'audit-leaver@example.com', name: null },
        action: 'staff.signed_in',
      }),
    ]);
  });
});

describe('the audit log records security actions, each in the transaction of its change', () => {
  const PASSWORD = 'staff password 1';
  const totpNow = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

  /** The new entries as [action, actor e-mail, target id], for comparing in one line. */
  async function summary() {
    return (await newEntries()).map((e) => [e.action, e.actorEmail, e.targetId]);
  }

  async function enrolTotp(client: TestClient) {
    const setup = await client.post('/api/user/second-factor/totp');
    const confirm = await client.post('/api/user/second-factor/totp/confirm', {
      code: totpNow(setup.body.secret),
      password: PASSWORD,
    });
    expect(confirm.status).toBe(200);
  }

  it("a staff member's own factors and new recovery codes", async () => {
    const { client, user } = await signedInStaff(t, 'SUPPORT', 'audit-factors@example.com');
    await markLog();
    await enrolTotp(client);
    expect((await client.post('/api/user/second-factor/recovery-codes', { password: PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await client.request('DELETE', '/api/user/second-factor/totp', { json: { password: PASSWORD } }))
        .status,
    ).toBe(200);
    const id = String(user.id);
    expect(await summary()).toEqual([
      ['second_factor.added', user.email, id],
      ['second_factor.recovery_codes_replaced', user.email, id],
      ['second_factor.removed', user.email, id],
    ]);
    const [added] = await newEntries();
    expect(added?.changes).toEqual({ factor: 'totp', recoveryCodes: 'issued' });
    expect(added?.ip).toBe('127.0.0.1');
  });

  it("an administrator removing another user's factor and ending their sessions", async () => {
    const { client, user } = await signedInStaff(t, 'OPERATIONS', 'audit-rescued@example.com');
    await enrolTotp(client);
    await markLog();
    expect((await admin.request('DELETE', `/api/admin/users/${user.id}/second-factor`)).status).toBe(200);
    const removed = await expectOneEntry('user.second_factor_removed', { type: 'user', id: String(user.id) });
    expect(removed.changes).toMatchObject({ authenticatorApp: true, passkeys: 0, sessionsEnded: 1 });

    const { client: again } = await signedInStaff(t, 'OPERATIONS', 'audit-rescued@example.com');
    await markLog();
    expect((await admin.request('DELETE', `/api/admin/users/${user.id}/sessions`)).status).toBe(200);
    const ended = await expectOneEntry('user.sessions_ended', { type: 'user', id: String(user.id) });
    expect(ended.changes).toEqual({ ended: 1 });
    expect((await again.get('/api/auth/user')).status).toBe(401);
  });

  it('a user ending one of their own sessions', async () => {
    const { client, user } = await signedInStaff(t, 'VIEWER', 'audit-own-session@example.com');
    const { client: other } = await signedInStaff(t, 'VIEWER', 'audit-own-session@example.com');
    const sessions = await client.get('/api/user/sessions');
    const otherSession = sessions.body.find((s: { current: boolean }) => !s.current);
    await markLog();
    expect((await client.request('DELETE', `/api/user/sessions/${otherSession.id}`)).status).toBe(200);
    expect(await summary()).toEqual([['session.ended', user.email, String(otherSession.id)]]);
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });

  it('password changes, by the user and by a reset', async () => {
    const { client, user } = await signedInCustomer(t, 'audit-password@example.com');
    await markLog();
    const changed = await client.post('/api/user/password', {
      currentPassword: 'correct horse 1',
      newPassword: 'a new password 2',
      confirmPassword: 'a new password 2',
    });
    expect(changed.status).toBe(200);
    const before = t.mail.forAddress(user.email).length;
    expect((await t.client().post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const code = await t.mail.waitForCode(user.email, before);
    const reset = await t.client().post('/api/auth/reset-password', {
      email: user.email,
      code,
      password: 'a third password 3',
      confirmPassword: 'a third password 3',
    });
    expect(reset.status).toBe(200);
    expect(await summary()).toEqual([
      ['user.password_changed', user.email, String(user.id)],
      ['user.password_reset', user.email, String(user.id)],
    ]);
  });

  it("a wrong second-factor answer of a staff member's sign-in", async () => {
    const email = 'audit-wrong-factor@example.com';
    const { client, user } = await signedInStaff(t, 'SUPPORT', email);
    await enrolTotp(client);
    const browser = t.client();
    expect((await browser.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    await markLog();
    const wrong = await browser.post('/api/auth/second-factor', {
      email,
      method: 'recovery',
      code: 'aaaaa-bbbbb',
    });
    expect(wrong.status).toBe(400);
    const [entry] = await newEntries();
    expect(entry).toMatchObject({
      action: 'staff.sign_in_failed',
      actorId: user.id,
      changes: { step: 'second_factor', wrongCodesToday: 1 },
    });
  });

  it('failed and paused staff sign-ins, not those of customers', async () => {
    const email = 'audit-guessed@example.com';
    const { user } = await signedInStaff(t, 'SUPPORT', email);
    await signedInCustomer(t, 'audit-guessed-customer@example.com');
    await markLog();
    expect((await t.client().post('/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
    expect(
      (
        await t
          .client()
          .post('/api/auth/login', { email: 'audit-guessed-customer@example.com', password: 'x' })
      ).status,
    ).toBe(401);
    expect(await summary()).toEqual([['staff.sign_in_failed', email, String(user.id)]]);
    expect((await newEntries())[0]?.changes).toEqual({ step: 'password', wrongPasswords: 1, waitSeconds: 0 });

    // Someone with the password guesses codes until the account's codes pause.
    await markLog();
    for (let round = 0; round < 2; round++) {
      const browser = t.client();
      expect((await browser.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      expect((await browser.post('/api/auth/verify-email', { email, sendCode: true })).status).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect(
          (await browser.post('/api/auth/verify-code', { email, code: '000000', login: true })).status,
        ).toBe(400);
      }
    }
    const entries = await newEntries();
    expect(entries.filter((e) => e.action === 'staff.sign_in_failed')).toHaveLength(10);
    expect(entries.filter((e) => e.action === 'staff.sign_in_paused')).toEqual([
      expect.objectContaining({ actorEmail: email, targetId: String(user.id) }),
    ]);
  });
});
