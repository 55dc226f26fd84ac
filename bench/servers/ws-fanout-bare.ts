/**
 * The reference for the WebSocket fan-out benchmark: node:http and a bare `ws` server; POST /broadcast
 * sends one status_update message to every connected client in a loop, then answers 204. A client
 * that connects with `?idle=1` is left out of the loop: the waiting sockets of the "among 10 000" figure.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { announceListening } from '../lib/server-process.js';

let status = 'SITE_PREP';
const interested = new Set<WebSocket>();
const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/broadcast') {
    req.resume();
    req.on('end', () => {
      status = status === 'PRODUCTION' ? 'SITE_PREP' : 'PRODUCTION';
      const message = JSON.stringify({ type: 'status_update', orderId: 1, status, itemNumber: 1 });
      for (const client of interested) client.send(message);
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket, req) => {
  if (new URL(req.url ?? '/', 'http://bench').searchParams.has('idle')) return;
  interested.add(socket);
  socket.once('close', () => interested.delete(socket));
});
server.listen(0, '127.0.0.1', () => announceListening((server.address() as AddressInfo).port));

const shutdown = () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
