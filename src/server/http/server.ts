import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { routedPath } from './route-path.js';

/**
 * The HTTP server with its own receive limits. Fastify's requestTimeout alone did not cut a body
 * trickled one byte at a time on Node 20; the server's requestTimeout does, checked every
 * `connectionsCheckingInterval`.
 */
export function createHttpServer(
  timeouts: Config['timeouts'],
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  return createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    handler,
  );
}

/**
 * Fastify's trustProxy: with a hop count, the address that many proxies back from this server is the
 * client's; with addresses, only those proxies' `X-Forwarded-For` is believed; unset, none is.
 */
export function trustProxy(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Query parameters whose values are credentials of some kind: never written to the log. */
const SECRET_PARAM = /key|token|secret|password|passwd|code|session|signature|auth/i;

/**
 * The request as the log shows it: a tracking token and the query's credentials replaced, headers left
 * to pino's redact.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * A tracking link's token is its only key (`/track/:token`, `/api/track/:token`). Matched on the path
 * as the router decodes it, so `/%74rack/…` is caught too.
 */
const TRACKING_PATH = /^(\/(?:api\/)?track\/)[^?]*/i;

function redactPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as sent; the router refuses it anyway.
  }
  const match = TRACKING_PATH.exec(decoded);
  return match ? `${match[1]?.toLowerCase()}[redacted]` : path;
}

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return redactPath(url);
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '[REDACTED]');
  }
  return `${redactPath(url.slice(0, at))}?${params.toString()}`;
}

/**
 * API answers carry personal data or secrets: no browser or proxy may keep them. Static files keep
 * their own caching.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (routedPath(request).startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
