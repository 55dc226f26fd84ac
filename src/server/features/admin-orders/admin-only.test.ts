import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the admin orders API', () => {
  it('answers 401 to a visitor and 403 to a customer on every route, before reading the input', async () => {
    await expectAdminOnly(t, [{ method: 'GET', path: '/api/admin/orders?status=NOT_A_STAGE' }]);
  });
});
