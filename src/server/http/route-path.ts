import type { FastifyRequest } from 'fastify';

/**
 * The path the router matched, which is what actually runs: `/%61pi/auth/logout` is routed as
 * `/api/auth/logout`, so guards that compared the raw URL let it through. Unmatched requests fall
 * back to the decoded path.
 */
export function routedPath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
