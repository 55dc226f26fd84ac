import WebSocket from 'ws';
import type { LiveStatusUpdate } from '../../shared/live.js';

/** A live connection as a test sees it: every message kept, waits that end on a condition. */
export interface TestSocket {
  ws: WebSocket;
  messages: LiveStatusUpdate[];
  /** Resolves with the first message (already received or to come) that matches; rejects after `ms`. */
  waitFor(match: (m: LiveStatusUpdate) => boolean, ms?: number): Promise<LiveStatusUpdate>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export interface SocketOptions {
  cookie?: string;
  origin?: string;
  autoPong?: boolean;
}

/** Cookie header of a TestClient's jar. */
export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Opens `/ws` on the server at baseUrl; resolves once open, rejects with the HTTP status when refused. */
export function openSocket(baseUrl: string, options: SocketOptions = {}): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws?t=${Date.now()}`;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const ws = new WebSocket(url, {
    headers,
    origin: options.origin ?? baseUrl,
    autoPong: options.autoPong ?? true,
  });
  const messages: LiveStatusUpdate[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveStatusUpdate);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

  const socket: TestSocket = {
    ws,
    messages,
    closed,
    close: () => ws.close(1000),
    waitFor(match, ms = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(new RefusedError(res.statusCode ?? 0));
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}

export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}
