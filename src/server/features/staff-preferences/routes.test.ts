import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInStaff } from '../../test/auth-flow.js';

let t: TestApp;
let admin: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  viewer = (await signedInStaff(t, 'VIEWER')).client;
});

afterAll(async () => {
  await t?.close();
});

describe('staff preferences and saved views', () => {
  it('refuses visitors and customers on every route', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/preferences' },
      { method: 'PATCH', path: '/api/admin/preferences', json: { ordersPageSize: 25 } },
      { method: 'GET', path: '/api/admin/saved-views' },
      { method: 'POST', path: '/api/admin/saved-views', json: { name: 'Mine', params: 'q=a' } },
      { method: 'PATCH', path: '/api/admin/saved-views/1', json: { name: 'Other' } },
      { method: 'DELETE', path: '/api/admin/saved-views/1' },
    ]);
  });

  it('answers 50 rows a page until a staff member chooses, then remembers their choice only', async () => {
    expect((await admin.get('/api/admin/preferences')).body).toEqual({ ordersPageSize: 50 });

    const changed = await admin.request('PATCH', '/api/admin/preferences', { json: { ordersPageSize: 100 } });
    expect(changed).toMatchObject({ status: 200, body: { ordersPageSize: 100 } });
    expect((await admin.get('/api/admin/preferences')).body).toEqual({ ordersPageSize: 100 });
    // Another staff member keeps the default.
    expect((await viewer.get('/api/admin/preferences')).body).toEqual({ ordersPageSize: 50 });

    // An empty change keeps what was chosen.
    await admin.request('PATCH', '/api/admin/preferences', { json: {} });
    expect((await admin.get('/api/admin/preferences')).body).toEqual({ ordersPageSize: 100 });
  });

  it('answers 400 naming the field for a page size the list does not offer', async () => {
    const res = await admin.request('PATCH', '/api/admin/preferences', { json: { ordersPageSize: 33 } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('ordersPageSize');
  });

  it('keeps each staff member’s views to themselves: listed, renamed and deleted only by their owner', async () => {
    const saved = await admin.post('/api/admin/saved-views', {
      name: ' Three stages ',
      params: 'status=SITE_PREP,PRODUCTION,DELIVERED',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      name: 'Three stages',
      params: 'status=SITE_PREP,PRODUCTION,DELIVERED',
    });
    const id = saved.body.id as number;

    expect((await admin.get('/api/admin/saved-views')).body).toEqual([saved.body]);
    expect((await viewer.get('/api/admin/saved-views')).body).toEqual([]);

    // Another staff member's id answers as if it did not exist, and changes nothing.
    const rename = await viewer.request('PATCH', `/api/admin/saved-views/${id}`, {
      json: { name: 'Hijacked' },
    });
    expect(rename).toMatchObject({ status: 404, body: { code: 'SAVED_VIEW_NOT_FOUND' } });
    const remove = await viewer.request('DELETE', `/api/admin/saved-views/${id}`);
    expect(remove).toMatchObject({ status: 404, body: { code: 'SAVED_VIEW_NOT_FOUND' } });
    expect((await admin.get('/api/admin/saved-views')).body).toEqual([saved.body]);

    // The same name is free for someone else.
    const theirs = await viewer.post('/api/admin/saved-views', { name: 'three stages', params: 'q=x' });
    expect(theirs.status).toBe(201);

    const renamed = await admin.request('PATCH', `/api/admin/saved-views/${id}`, {
      json: { name: 'Building' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id, name: 'Building' } });
    const deleted = await admin.request('DELETE', `/api/admin/saved-views/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'View deleted' } });
    expect((await admin.get('/api/admin/saved-views')).body).toEqual([]);
    expect((await viewer.get('/api/admin/saved-views')).body).toHaveLength(1);
  });

  it('refuses a second view of the same name, whatever its case, with 409 naming the field', async () => {
    const first = await admin.post('/api/admin/saved-views', { name: 'Paid', params: 'payment=paid' });
    expect(first.status).toBe(201);
    const again = await admin.post('/api/admin/saved-views', { name: 'PAID', params: 'payment=unpaid' });
    expect(again).toMatchObject({ status: 409, body: { code: 'SAVED_VIEW_NAME_TAKEN' } });
    expect(again.body.fields).toHaveProperty('name');

    const other = await admin.post('/api/admin/saved-views', { name: 'Unpaid', params: 'payment=unpaid' });
    const clash = await admin.request('PATCH', `/api/admin/saved-views/${other.body.id}`, {
      json: { name: 'paid' },
    });
    expect(clash).toMatchObject({ status: 409, body: { code: 'SAVED_VIEW_NAME_TAKEN' } });

    const empty = await admin.post('/api/admin/saved-views', { name: '  ', params: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('name');
  });
});
