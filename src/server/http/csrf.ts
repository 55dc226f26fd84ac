import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { httpErrors } from './errors.js';
import { routedPath } from './route-path.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_TYPES = ['application/json', 'multipart/form-data'];
/** Machine-to-machine endpoints authenticate with keys or signatures, not cookies. */
const EXEMPT_PREFIXES = ['/api/webhooks/', '/api/stripe/webhook'];

/**
 * CSRF defence for cookie sessions: a cross-site page can only send "simple" content types and always
 * sends its own Origin, so requiring JSON/multipart bodies and PUBLIC_URL's origin closes both doors.
 * The origin is compared with the configured address only, never with the Host or X-Forwarded-Host the
 * request claims: those come from the sender (deploy/nginx.conf passes the client's Host through).
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  // A callback hook: it runs on every request and never waits for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request, publicOrigin));
  });
}

function refusal(request: FastifyRequest, publicOrigin: string): AppError | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const path = routedPath(request);
  if (!path.startsWith('/api/')) return undefined;
  if (EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  const origin = request.headers.origin;
  if (origin && origin !== publicOrigin) {
    return httpErrors.CROSS_ORIGIN_REFUSED('Cross-origin request refused');
  }
  if (hasBody(request)) {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!ALLOWED_TYPES.includes(type)) {
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send application/json');
    }
  }
  return undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
