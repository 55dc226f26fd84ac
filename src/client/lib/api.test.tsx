import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/utils';
import { ApiError, apiJson, apiRequest, errorCode, errorMessage } from './api';

describe('api client', () => {
  it('sends cookies and the page language, and a JSON body with its content type only when there is a payload', async () => {
    const calls = mockApi({ 'GET /api/x': { body: { a: 1 } }, 'POST /api/y': { body: { ok: true } } });

    await expect(apiJson('GET', '/api/x')).resolves.toEqual({ a: 1 });
    await apiJson('POST', '/api/y', { name: 'n' });

    expect(calls[0]).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(calls[0]?.headers).toEqual({ 'accept-language': 'en' });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: { name: 'n' },
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
  });

  it('turns a non-OK answer into an Error reading "<status>: <body>"', async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid credentials' } } });

    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('401: {"message":"Invalid credentials"}');
    expect(errorMessage(error)).toBe('Invalid credentials');
  });

  it('exposes the answer’s error code to branch on, and none for a body that is not the server’s', async () => {
    mockApi({
      'POST /api/order-items/1/delivery-booking': {
        status: 409,
        body: { code: 'SLOT_FULL', message: 'Full' },
      },
    });

    const error = await apiRequest('POST', '/api/order-items/1/delivery-booking', {}).catch(
      (e: unknown) => e,
    );

    expect((error as ApiError).code).toBe('SLOT_FULL');
    expect(errorCode(error)).toBe('SLOT_FULL');
    expect(errorCode(new ApiError(502, 'Bad Gateway', '<html>'))).toBeUndefined();
    expect(errorCode(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('uses the status text when the body is empty', async () => {
    mockApi({ 'GET /api/z': { status: 503, statusText: 'Service Unavailable' } });

    const error = await apiRequest('GET', '/api/z').catch((e: unknown) => e);

    expect((error as Error).message).toBe('503: Service Unavailable');
    expect(errorMessage(error)).toBeUndefined();
  });

  it('finds no message in a body that is not JSON or in an error that is not from the API', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toBeUndefined();
    expect(errorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
