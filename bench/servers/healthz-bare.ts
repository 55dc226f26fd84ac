/**
 * The reference for /healthz: a bare node:http server answering the same JSON with the same headers
 * (passed in BENCH_RESPONSE_HEADERS, as captured from the full stack), so the comparison measures the
 * framework and its hooks rather than the number of header bytes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceListening } from '../lib/server-process.js';

const headers: Record<string, string> = JSON.parse(process.env.BENCH_RESPONSE_HEADERS ?? '{}');
headers['content-type'] ??= 'application/json; charset=utf-8';
const body = JSON.stringify({ status: 'ok' });

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
});
server.listen(0, '127.0.0.1', () => announceListening((server.address() as AddressInfo).port));

const shutdown = () => server.close(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
