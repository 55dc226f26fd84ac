import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { apiKeyRoutes } from '../../shared/routes/api-keys.js';
import { defineRoute } from '../../shared/routes/define-route.js';
import type { ApiKey, CreatedApiKey } from '../../shared/schemas/api-keys.js';
import { mockApi } from '../test/utils';
import { ApiError, errorCode } from './api';
import { callApi, routeUrl } from './call-api';

const searchRoute = defineRoute({
  method: 'GET',
  path: '/api/things/:kind/:name',
  params: z.object({ kind: z.string(), name: z.string() }),
  query: z.object({ page: z.optional(z.number()), q: z.optional(z.string()) }),
  responses: { 200: z.object({ total: z.number() }) },
});

describe('callApi', () => {
  it('calls the entry’s method and path with its id filled in, and answers with the typed body', async () => {
    const key: ApiKey = {
      id: 7,
      name: 'Zapier',
      prefix: 'of_ab',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
    };
    const calls = mockApi({
      'GET /api/admin/api-keys': { body: [key] },
      'POST /api/admin/api-keys': { status: 201, body: { ...key, key: 'of_abcdef' } },
      'DELETE /api/admin/api-keys/7': { body: { message: 'API key revoked' } },
    });

    const listed = await callApi(apiKeyRoutes.list);
    const created = await callApi(apiKeyRoutes.create, { body: { name: 'Zapier' } });
    const revoked = await callApi(apiKeyRoutes.revoke, { params: { id: 7 } });

    expect(listed).toEqual([key]);
    expect(created.key).toBe('of_abcdef');
    expect(revoked).toEqual({ message: 'API key revoked' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/admin/api-keys',
      'POST /api/admin/api-keys',
      'DELETE /api/admin/api-keys/7',
    ]);
    expect(calls[1]?.body).toEqual({ name: 'Zapier' });
    expectTypeOf(listed).toEqualTypeOf<ApiKey[]>();
    expectTypeOf(created).toEqualTypeOf<CreatedApiKey>();
    expectTypeOf(revoked).toEqualTypeOf<{ message: string }>();
  });

  it('asks for exactly the parts the entry declares', () => {
    // Type checks only (tsc): a missing id, an unexpected body or a wrong body field does not compile.
    const typeChecks = () => {
      // @ts-expect-error revoke needs its :id
      void callApi(apiKeyRoutes.revoke);
      // @ts-expect-error list takes no body
      void callApi(apiKeyRoutes.list, { body: { name: 'x' } });
      // @ts-expect-error create's body has a name, not a title
      void callApi(apiKeyRoutes.create, { body: { title: 'x' } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });

  it('throws ApiError carrying the answer’s code', async () => {
    mockApi({
      'DELETE /api/admin/api-keys/9': {
        status: 404,
        body: { code: 'API_KEY_NOT_FOUND', message: 'No such key' },
      },
    });

    const error = await callApi(apiKeyRoutes.revoke, { params: { id: 9 } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(errorCode(error)).toBe('API_KEY_NOT_FOUND');
  });

  it('URL-encodes each parameter and appends the defined query values', async () => {
    const calls = mockApi({ 'GET /api/things/a%2Fb/x%20y?page=2': { body: { total: 3 } } });

    const answer = await callApi(searchRoute, { params: { kind: 'a/b', name: 'x y' }, query: { page: 2 } });

    expect(answer).toEqual({ total: 3 });
    expect(calls[0]?.url).toBe('/api/things/a%2Fb/x%20y?page=2');
    expect(routeUrl('/api/things/:kind', { kind: 'k' }, { q: 'a&b', page: undefined })).toBe(
      '/api/things/k?q=a%26b',
    );
  });
});
