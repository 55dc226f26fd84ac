/** A stand-in for the e-signature partner: serves the document a customer opens to sign. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DOCUMENT_HEADING = 'Purchase Agreement';

export async function startDocumentServer() {
  const server = createServer((request, response) => {
    if (!request.url?.startsWith('/documents/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>${DOCUMENT_HEADING}</title><body><h1>${DOCUMENT_HEADING}</h1><p>Sign here.</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
