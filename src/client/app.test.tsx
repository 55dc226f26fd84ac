import { describe, expect, it } from 'vitest';
import { preloadScreensFor } from './app';
import { createQueryClient } from './lib/query-client';
import { adminApi, listUrl, makeRow } from './test/admin-orders';

describe("a page's first load", () => {
  it("starts the screen's first query for the address before anything renders, once someone is signed in", async () => {
    const page = { items: [makeRow()], total: 1 };
    const calls = adminApi({ [`GET ${listUrl({ status: 'PRODUCTION' })}`]: { body: page } });
    const queryClient = createQueryClient();
    await preloadScreensFor(
      { pathname: '/admin/orders', search: '?status=PRODUCTION' },
      queryClient,
      Promise.resolve(true),
    );
    expect(calls.map((call) => call.url)).toEqual([listUrl({ status: 'PRODUCTION' })]);
  });

  it('starts no query for a visitor, whose screen is the sign-in page', async () => {
    const calls = adminApi({});
    await preloadScreensFor(
      { pathname: '/admin/orders', search: '' },
      createQueryClient(),
      Promise.resolve(false),
    );
    expect(calls).toEqual([]);
  });

  it('starts nothing for a screen that names no first query', async () => {
    const calls = adminApi({});
    await preloadScreensFor(
      { pathname: '/admin/import', search: '' },
      createQueryClient(),
      Promise.resolve(true),
    );
    expect(calls).toEqual([]);
  });
});
