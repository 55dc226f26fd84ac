/**
 * The one typed call of a route in the shared map (src/shared/routes/, decision 233): the URL is built
 * from the entry's path and the given parameters (each URL-encoded) and query, the body is sent as
 * JSON, and the answer is typed as the output of the entry's success schema. The answer is not parsed
 * again here: the server serialises it with that very schema, so the type is what arrives. Failures
 * throw ApiError with the answer's code, as every call through apiRequest does.
 */
import type {
  RouteAnswer,
  RouteBody,
  RouteDefinition,
  RouteParams,
  RouteQuery,
} from '../../shared/routes/define-route';
import { apiJson } from './api';

/** Only the parts the route declares are asked for (a route without a body takes no `body`). */
export type CallInput<R extends RouteDefinition> = (RouteParams<R> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

/** The entry's path with each `:name` replaced by its parameter, plus the query's defined values. */
export function routeUrl(
  path: string,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Route ${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}

export function callApi<R extends RouteDefinition>(
  route: R,
  ...[input]: Record<string, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<RouteAnswer<R>> {
  // CallInput<R> is a conditional type TypeScript cannot destructure generically; callers were held to
  // it above, so here it is read as its widest form.
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return apiJson<RouteAnswer<R>>(route.method, routeUrl(route.path, params, query), body);
}
