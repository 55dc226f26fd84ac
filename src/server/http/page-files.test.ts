import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageFileChooser } from './page-files.js';

describe('pageFileChooser', () => {
  it("sends the landing page's plain file when the session cannot be read, rather than failing the page", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-files-'));
    for (const file of ['index.html', 'orders.html', 'orders.data.html'])
      writeFileSync(join(dir, file), file);
    const choose = pageFileChooser(dir, {
      findUser: () => Promise.reject(new Error('connection refused')),
    });
    const app = Fastify({ logger: false });
    await app.register(cookie);
    app.setNotFoundHandler(async (request) => ({ file: await choose(request) }));
    try {
      const res = await app.inject({ url: '/orders', headers: { cookie: 'orderflow_session=some-token' } });
      expect(res.json()).toEqual({ file: 'orders.html' });
    } finally {
      await app.close();
    }
  });
});
