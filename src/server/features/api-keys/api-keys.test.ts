import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin } from '../../test/auth-flow.js';
import { API_KEY_PREFIX, createApiKeyService } from './service.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

describe('API keys', () => {
  it('refuses visitors and customers on every route', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/api-keys' },
      { method: 'POST', path: '/api/admin/api-keys', json: { name: 'Zapier' } },
      { method: 'DELETE', path: '/api/admin/api-keys/1' },
    ]);
    expect(await t.database.db.select().from(apiKeys)).toEqual([]);
  });

  it('shows a new key once, stores only its hash, and lists it by name and prefix', async () => {
    const created = await admin.post('/api/admin/api-keys', { name: ' Zapier production ' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{24}$`));
    expect(created.body).toMatchObject({ name: 'Zapier production', lastUsedAt: null });
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id));
    expect(JSON.stringify(row)).not.toContain(created.body.key);

    const listed = await admin.get('/api/admin/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({
      id: created.body.id,
      name: 'Zapier production',
      prefix: created.body.prefix,
      createdAt: created.body.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
  });

  it('authenticates an active key and no longer once it is revoked', async () => {
    const created = await admin.post('/api/admin/api-keys', { name: 'Logistics partner' });
    const service = createApiKeyService({ db: t.database.db, clock: { now: () => new Date() } });
    expect(await service.authenticate(created.body.key)).toEqual({
      id: created.body.id,
      name: 'Logistics partner',
    });
    expect(await service.authenticate(`${created.body.key}x`)).toBeNull();

    const revoked = await admin.request('DELETE', `/api/admin/api-keys/${created.body.id}`);
    expect(revoked).toMatchObject({ status: 200, body: { message: 'API key revoked' } });
    expect(await service.authenticate(created.body.key)).toBeNull();
    const listed = await admin.get('/api/admin/api-keys');
    expect(listed.body.map((k: { id: number }) => k.id)).not.toContain(created.body.id);

    const again = await admin.request('DELETE', `/api/admin/api-keys/${created.body.id}`);
    expect(again.status).toBe(404);
  });

  it('answers 400 naming the field for a key without a name, and creates nothing', async () => {
    const before = await t.database.db.select().from(apiKeys);
    const res = await admin.post('/api/admin/api-keys', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('name');
    expect(await t.database.db.select().from(apiKeys)).toHaveLength(before.length);
  });
});
