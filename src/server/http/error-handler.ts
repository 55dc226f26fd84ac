import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseErrors,
  isConnectionLost,
  type StorageWatch,
} from '../db/failures.js';
import { AppError } from '../lib/errors.js';
import { FIRST_SCREEN_HEADERS } from './first-screen.js';
import './errors.js';

/**
 * The one place an error becomes an HTTP answer: `{code, message, fields?}` (plus an AppError's
 * details); a lost database connection becomes a 503 DATABASE_UNAVAILABLE with Retry-After, a write
 * refused for want of space a 507 DISK_FULL (noted in `storage`), other unknown errors a generic 500.
 */
export function registerErrorHandler(app: FastifyInstance, options: { storage: StorageWatch }) {
  const { storage } = options;
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const database = thrown instanceof AppError || thrown.statusCode ? null : databaseAnswer(thrown, storage);
    if (database) {
      request.log[database.code === 'DISK_FULL' ? 'error' : 'warn']({ err: thrown }, database.message);
    }
    const error = database ?? thrown;
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        ...error.extra.details,
        code: error.code,
        message: error.message,
        fields: error.extra.fields,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message, fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: clientCode(error, status), message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: `Internal server error (request ${request.id})` });
  });
}

/**
 * Unknown routes answer a JSON 404; with the built client present (`pageFile` names the page file for a
 * path), any other GET for a page gets the client's page so that client-side routes (and the client's
 * own 404 page) work on reload.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: {
    pageFile?: (request: FastifyRequest) => Promise<string>;
    /** The page with its first screen drawn in (src/server/http/first-screen.ts), when drawn. */
    drawnPage?: (request: FastifyRequest) => Promise<string | undefined>;
  },
) {
  const { pageFile, drawnPage } = options;
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      pageFile !== undefined &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      // A tracking page's address is a secret link: keep it out of search engines and shared caches.
      if (request.url.startsWith('/track/')) {
        reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');
      }
      const drawn = await drawnPage?.(request);
      if (drawn !== undefined)
        return reply.headers(FIRST_SCREEN_HEADERS).type('text/html; charset=utf-8').send(drawn);
      return reply.type('text/html').sendFile(await pageFile(request), { cacheControl: false });
    }
    return reply.status(404).send({
      code: 'ROUTE_NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}

/** The answer for an error that says the database went away or the disk is full; null otherwise. */
function databaseAnswer(error: unknown, storage: StorageWatch): AppError | null {
  if (storage.noteFailure(error)) {
    return databaseErrors.DISK_FULL('The server is out of storage space and could not save this change.');
  }
  if (isConnectionLost(error)) {
    return databaseErrors.DATABASE_UNAVAILABLE(
      'The database is unavailable: this request was not completed. Please try again shortly.',
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    );
  }
  return null;
}

function clientCode(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
  }
  const byStatus: Record<number, string> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  };
  return byStatus[status] ?? 'BAD_REQUEST';
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large (limit 1 MB)';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return error.message;
  }
}
