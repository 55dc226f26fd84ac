import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, sessions, users, verificationCodes } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signUp } from '../../test/auth-flow.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUp(t, t.client(), 'existing@example.com', 'existing password');
});
afterAll(async () => {
  await t?.close();
});

const endpoints = [
  '/api/auth/verify-email',
  '/api/auth/login',
  '/api/auth/verify-code',
  '/api/auth/set-password',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
];

const megabyte = 'x'.repeat(1024 * 1024);

const badBodies: Array<[string, { body: string; contentType?: string }]> = [
  ['an empty object', { body: '{}' }],
  ['malformed JSON', { body: '{"email": "existing@example.com",' }],
  ['a JSON array', { body: '[]' }],
  ['a JSON string', { body: '"existing@example.com"' }],
  ['null', { body: 'null' }],
  ['wrong types', { body: JSON.stringify({ email: 42, password: true, code: 123456, confirmPassword: [] }) }],
  ['an invalid e-mail', { body: JSON.stringify({ email: 'not-an-email', password: 'x', code: '12' }) }],
  [
    'a 1 MB string',
    {
      body: JSON.stringify({
        email: `${megabyte}@example.com`,
        password: megabyte,
        confirmPassword: megabyte,
      }),
    },
  ],
  [
    'a 1 MB password with a valid e-mail',
    {
      body: JSON.stringify({
        email: 'existing@example.com',
        password: 'y'.repeat(900_000),
        confirmPassword: 'y'.repeat(900_000),
        code: '123456',
      }),
    },
  ],
  ['an empty body with a JSON type', { body: '' }],
  [
    'form-encoded data',
    { body: 'email=existing%40example.com', contentType: 'application/x-www-form-urlencoded' },
  ],
  ['text/plain', { body: '{"email":"existing@example.com"}', contentType: 'text/plain' }],
];

async function snapshot() {
  const db = t.database.db;
  const counts = await Promise.all(
    [users, sessions, verificationCodes, loginChallenges].map((table) =>
      db.select({ n: count() }).from(table),
    ),
  );
  return counts.map(([row]) => row?.n);
}

describe('bad input to the auth endpoints', () => {
  for (const path of endpoints) {
    for (const [name, { body, contentType }] of badBodies) {
      it(`${path} answers ${name} with a 4xx and a message, changing nothing`, async () => {
        const before = await snapshot();
        const res = await t.client().request('POST', path, {
          body,
          headers: { 'content-type': contentType ?? 'application/json' },
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body?.message).toBe('string');
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('names the invalid field', async () => {
    const res = await t.client().post('/api/auth/verify-email', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('rejects codes that are not 6 digits with the product’s message', async () => {
    const res = await t
      .client()
      .post('/api/auth/verify-code', { email: 'existing@example.com', code: '12a456' });
    expect(res.status).toBe(400);
    expect(res.body.fields.code).toBe('Verification code must be 6 digits');
  });

  it('rejects a short new password with the product’s message', async () => {
    const res = await t.client().post('/api/auth/set-password', {
      email: 'new@example.com',
      password: 'short',
      confirmPassword: 'short',
      code: '123456',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.password).toBe('Password must be at least 8 characters');
  });
});

describe('cross-site request defence', () => {
  it('refuses a state-changing request from a foreign origin and keeps the session', async () => {
    const client = t.client();
    await signUp(t, client, 'victim@example.com');
    const res = await client.request('POST', '/api/auth/logout', {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses an origin that only matches the Host the request claims, and keeps the session', async () => {
    const client = t.client();
    await signUp(t, client, 'hostorigin@example.com');
    // t.baseUrl is the address the request was sent to (its Host), not PUBLIC_URL.
    expect(new URL(t.baseUrl).origin).not.toBe(new URL(t.config.publicUrl).origin);
    const attempts: Record<string, string>[] = [
      { origin: t.baseUrl },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of attempts) {
      const res = await client.request('POST', '/api/auth/logout', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toEqual({ code: 'CROSS_ORIGIN_REFUSED', message: 'Cross-origin request refused' });
    }
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('accepts the same request from the product origin (PUBLIC_URL)', async () => {
    const client = t.client();
    await signUp(t, client, 'sameorigin@example.com');
    const origin = new URL(t.config.publicUrl).origin;
    const res = await client.request('POST', '/api/auth/logout', { headers: { origin } });
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a form post that a cross-site page could send', async () => {
    const client = t.client();
    await signUp(t, client, 'formpost@example.com');
    const res = await client.request('POST', '/api/auth/logout', {
      body: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('per-IP request limit on the sign-in endpoints', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limited = await startTestApp({
      config: { authLimits: { requestsPerMinute: 3, codesPerEmail: 5, codesPerIp: 20 } },
    });
    try {
      const client = limited.client();
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/api/auth/verify-email', { email: 'a@example.com' })).status).toBe(200);
      }
      const res = await client.post('/api/auth/verify-email', { email: 'a@example.com' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(res.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
