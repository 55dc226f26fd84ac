/**
 * Holds open WebSocket connections that only wait, for the fan-out benchmark's "1 000 interested among
 * 10 000 open" figure: run in its own process (each process may open at most 20 000 files here, and
 * the measuring process already holds two fleets of 1 000). Answers the servers' pings, as a browser
 * does, and prints one line once every socket is open.
 *
 * Environment: FLEET_URL (ws://…), FLEET_COUNT, optional FLEET_ORIGIN and FLEET_COOKIES (session
 * cookies separated by spaces, used in turn, so the idle sockets belong to several customers).
 */
import WebSocket from 'ws';
import { FLEET_READY } from './idle-fleet-process.js';

const url = process.env.FLEET_URL;
const count = Number(process.env.FLEET_COUNT);
if (!url || !Number.isInteger(count) || count < 1) throw new Error('FLEET_URL and FLEET_COUNT are required');
const cookies = (process.env.FLEET_COOKIES ?? '').split(' ').filter(Boolean);
const origin = process.env.FLEET_ORIGIN;

const sockets: WebSocket[] = [];
const BATCH = 100;
for (let start = 0; start < count; start += BATCH) {
  const batch: Promise<void>[] = [];
  for (let i = start; i < Math.min(count, start + BATCH); i++) {
    const cookie = cookies.length > 0 ? cookies[i % cookies.length] : undefined;
    const ws = new WebSocket(url, {
      headers: cookie ? { cookie } : {},
      ...(origin && { origin }),
      perMessageDeflate: false,
    });
    sockets.push(ws);
    batch.push(
      new Promise((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
        ws.once('unexpected-response', (_req, res) =>
          reject(new Error(`upgrade answered ${res.statusCode}`)),
        );
      }),
    );
  }
  // Opened in batches, so the server's accept backlog never overflows.
  await Promise.all(batch);
}
process.stdout.write(`${FLEET_READY}\n`);

const shutdown = () => {
  for (const ws of sockets) ws.terminate();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
