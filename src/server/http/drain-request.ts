import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * After a refusal mid-upload, reads (and drops) the rest of the request, up to the size limit, so the
 * browser gets the answer instead of a reset connection; a longer body is cut off.
 */
export async function drainRequest(request: FastifyRequest, upload: Readable | undefined, maxBytes: number) {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  // A file stream left half-read holds the form parser (and so the request) back: stop both, then
  // read the request to its end here.
  if (upload && !upload.destroyed) upload.destroy();
  raw.unpipe();
  await new Promise<void>((resolve) => {
    let received = 0;
    const done = () => {
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes + 1024 * 1024) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}
