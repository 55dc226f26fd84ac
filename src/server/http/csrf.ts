import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/errors.js';
import { routedPath } from './route-path.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_TYPES = ['application/json', 'multipart/form-data'];
/** Machine-to-machine endpoints authenticate with keys or signatures, not cookies. */
const EXEMPT_PREFIXES = ['/api/webhooks/', '/api/stripe/webhook'];

/**
 * CSRF defence for cookie sessions: a cross-site page can only send "simple" content types and always
 * sends its own Origin, so requiring JSON/multipart bodies and a same-origin Origin closes both doors.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = routedPath(request);
    if (!path.startsWith('/api/')) return;
    if (EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && origin !== requestOrigin(request)) {
      throw forbidden('Cross-origin request refused');
    }
    if (hasBody(request)) {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!ALLOWED_TYPES.includes(type)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send application/json');
      }
    }
  });
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}
