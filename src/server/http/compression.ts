import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Routes answered without the compression hook at all: tiny constant answers polled by machines. */
const NEVER_COMPRESSED = new Set(['/healthz', '/readyz']);

/**
 * Bodies worth compressing: JSON, text (CSV exports, HTML, scripts) and SVG. Server-sent event
 * streams are left alone (compression would hold their messages back), as are binary formats that
 * are compressed already (XLSX is a zip).
 */
const COMPRESSIBLE =
  /^(application\/(json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/;

/**
 * Compression of dynamic answers (@fastify/compress), registered before every route so that its
 * per-route hook is attached when each route is added. Brotli at quality 4 costs about what gzip
 * does and saves more; the default quality (11) is meant for files compressed once, not requests.
 * Compressed request bodies are not accepted: the size limits are checked on what arrives.
 */
export async function registerCompression(app: FastifyInstance) {
  // Before @fastify/compress's own onRoute hook, which reads these.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
    if (NEVER_COMPRESSED.has(route.url) || route.websocket) route.compress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** Hashed build output: a new build writes new names, so a browser may keep these for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built client. Files under /assets carry a content hash in their name and are served for a
 * year, in the brotli or gzip file written at build time when the browser accepts it; every other
 * file (index.html above all) is checked again on each use, so a new build is picked up at once.
 * Files are looked up on disk per request (not listed at start-up), so a server that was running
 * when `npm run build` wrote a new client serves the new build's files too (decision 143).
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    preCompressed: true,
    // A folder is never a file to send: the page routes answer it. Without this, `/` asked for without
    // compression reached the folder itself and answered 403.
    allowedPath: (pathname) => !pathname.endsWith('/'),
    setHeaders(reply, path) {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', IMMUTABLE);
      // A page answer may have chosen a stricter rule already (a tracking page: no-store).
      else if (!reply.getHeader('cache-control')) reply.header('cache-control', 'no-cache');
    },
  });
}
