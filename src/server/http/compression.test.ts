import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrder } from '../features/orders/index.js';
import { startTestApp, type TestApp, type TestClient } from '../test/app.js';
import { signedInAdmin } from '../test/auth-flow.js';
import { cookieHeader, openSocket } from '../test/live-socket.js';
import { IMMUTABLE } from './compression.js';

const SCRIPT = `export const hello = ${JSON.stringify('hello '.repeat(500))};\n`;
const ASSET = '/assets/app-Dx1f3a9b.js';

let t: TestApp;
let admin: TestClient;
let clientDir: string;

beforeAll(async () => {
  // A built client as vite writes it: hashed assets with their .br and .gz beside them.
  clientDir = await mkdtemp(join(tmpdir(), 'orderflow-client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(
    join(clientDir, 'index.html'),
    `<!doctype html><script type="module" src="${ASSET}"></script>`,
  );
  await writeFile(join(clientDir, ASSET), SCRIPT);
  await writeFile(join(clientDir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  await writeFile(join(clientDir, `${ASSET}.gz`), gzipSync(SCRIPT));
  t = await startTestApp({ clientDir });
  admin = (await signedInAdmin(t)).client;
  for (let i = 1; i <= 12; i++) {
    await seedOrder(t.database.db, {
      orderId: `CMP-${i}`,
      productName: 'Studio 240',
      quantity: 1,
      zipCode: '78701',
    });
  }
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** A GET as raw bytes with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built client', () => {
  it('serves a hashed asset in the precompressed encoding the browser accepts, kept for a year', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('makes the browser check index.html again on each use', async () => {
    const page = await get('/orders', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('a build written while the server runs', () => {
  it('is served at once: the new chunks by name, page routes with the new index.html', async () => {
    const next = '/assets/app-N3wB1ld0.js';
    await writeFile(join(clientDir, next), SCRIPT);
    await writeFile(
      join(clientDir, 'index.html'),
      `<!doctype html><script type="module" src="${next}"></script>`,
    );
    const chunk = await get(next);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.body.toString()).toBe(SCRIPT);
    expect((await get('/orders', { accept: 'text/html' })).body.toString()).toContain(next);
    // The previous build's chunk is still there for tabs that opened before.
    expect((await get(ASSET)).status).toBe(200);
    expect((await get('/assets/never-built.js')).status).toBe(404);
  });
});

describe('JSON answers', () => {
  it('are compressed over 1 kB when the client accepts it, and plain otherwise', async () => {
    const big = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    const document = JSON.parse(gunzipSync(big.body).toString());
    expect(document.openapi).toBe('3.1.0');

    const plain = await get('/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(document);

    const small = await get('/api/config', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const health = await get('/healthz', { 'accept-encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('leaves the CSV export downloadable, compressed or not', async () => {
    const cookie = cookieHeader(admin.cookies);
    const gz = await get('/api/admin/orders/export', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-type']).toContain('text/csv');
    expect(gz.headers['content-disposition']).toContain('attachment');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/admin/orders/export', { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const csv = plain.body.toString();
    expect(gunzipSync(gz.body).toString()).toBe(csv);
    expect(csv).toContain('CMP-12');
  });

  it('leaves the live WebSocket upgrade alone', async () => {
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(admin.cookies) });
    socket.close();
    expect(await socket.closed).toBe(1000);
  });
});
