/**
 * The one way the client talks to the server (customer spec §7): cookies always travel, a JSON body
 * and its content type only when there is a payload, and every non-OK answer becomes an Error whose
 * message is `<status>: <body text or status text>`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export async function apiRequest(method: HttpMethod, url: string, payload?: unknown): Promise<Response> {
  const hasPayload = payload !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasPayload ? { 'Content-Type': 'application/json' } : undefined,
    body: hasPayload ? JSON.stringify(payload) : undefined,
  });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, body);
  }
  return response;
}

/** apiRequest plus the parsed JSON answer; an empty body reads as undefined. */
export async function apiJson<T>(method: HttpMethod, url: string, payload?: unknown): Promise<T> {
  const response = await apiRequest(method, url, payload);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The server's own words for a failed call, for a toast: the `message` of its JSON error body.
 * Undefined when there is none (network failure, HTML error page), so callers can fall back to the
 * spec's default text.
 */
export function errorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || undefined;
    }
  } catch {
    // Not JSON: nothing the user should read.
  }
  return undefined;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
