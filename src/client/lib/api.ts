/**
 * The one way the client talks to the server: cookies and the page's language always travel, a JSON
 * body and its content type only when there is a payload, and every non-OK answer becomes an ApiError
 * whose message is `<status>: <body text or status text>` and whose `code` is the answer's stable error
 * code (docs/api.md, "Errors"), which screens branch on and translate.
 */

import { pageLocale } from './page-locale';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The answer's error code (`SLOT_FULL`), or undefined when the body is not the server's JSON error. */
  readonly code: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const code = parseBody(body)?.code;
    this.code = typeof code === 'string' && code ? code : undefined;
  }
}

function parseBody(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    // Not JSON (network failure, HTML error page): nothing the user should read.
    return undefined;
  }
}

export async function apiRequest(method: HttpMethod, url: string, payload?: unknown): Promise<Response> {
  const hasPayload = payload !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    // The page's language rather than the browser's: what the server writes for this request (a code
    // mail, a message) is then in the language the visitor is reading.
    headers: {
      'Accept-Language': pageLocale(),
      ...(hasPayload && { 'Content-Type': 'application/json' }),
    },
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

/** The JSON error body of a failed call (`{code, message, fields?}`, the server's one shape), or undefined. */
function errorBody(error: unknown): Record<string, unknown> | undefined {
  return error instanceof ApiError ? parseBody(error.body) : undefined;
}

/** The error code of a failed call (`SLOT_FULL`), to branch on; undefined for anything else. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The server's own English words for a failed call: the `message` of its JSON error body. Screens in
 * the portal's languages show `useServerError` (src/client/lib/server-error.ts) instead; the English-only
 * back office shows this. Undefined when there is none, so callers can fall back to their own text.
 */
export function errorMessage(error: unknown): string | undefined {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The per-field messages of a 400 answer (`fields`), to show under each field; {} when none. */
export function errorFields(error: unknown): Record<string, string> {
  if (!isApiError(error, 400)) return {};
  const fields = errorBody(error)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
