import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveStatusUpdate } from '../../shared/live.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import type { BusMessage } from './messages.js';

/** One open socket and the identity its session cookie proved at the upgrade. */
export interface LiveClient {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  isAdmin: boolean;
  /** Cleared at each heartbeat, set again by the peer's pong. */
  alive: boolean;
}

/** Close code for a socket whose session ended (sign-out elsewhere, password change or reset). */
export const CLOSE_SESSION_ENDED = 4001;

/**
 * This instance's open sockets, indexed by user id, with the administrators in a set of their own.
 * Delivers what the bus brings: each status change to the order's owner and to every administrator.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveClient>>();
  private readonly admins = new Set<LiveClient>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger; heartbeatMs: number }) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(client: LiveClient) {
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    if (client.isAdmin) this.admins.add(client);
    client.socket.on('pong', () => {
      client.alive = true;
    });
    client.socket.once('close', () => this.remove(client));
    this.startHeartbeat();
  }

  private remove(client: LiveClient) {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    this.admins.delete(client);
  }

  /** What arrived on the bus, from this instance or another. */
  async receive(message: BusMessage) {
    if (message.kind === 'status') this.deliverStatus(message);
    else await this.closeEndedSessions(message.userId);
  }

  private deliverStatus(message: Extract<BusMessage, { kind: 'status' }>) {
    const update: LiveStatusUpdate = {
      type: 'status_update',
      orderId: message.orderId,
      status: message.status,
      ...(message.itemNumber !== undefined && { itemNumber: message.itemNumber }),
    };
    const text = JSON.stringify(update);
    for (const client of this.admins) send(client, text);
    if (message.ownerId === null) return;
    for (const client of this.byUser.get(message.ownerId) ?? []) {
      if (!client.isAdmin) send(client, text);
    }
  }

  /** Closes this user's sockets whose session row is gone. */
  async closeEndedSessions(userId: number) {
    const open = this.byUser.get(userId);
    if (!open || open.size === 0) return;
    const rows = await this.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    const live = new Set(rows.map((row) => row.id));
    for (const client of [...open]) {
      if (!live.has(client.sessionId)) client.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /** Pings every socket; one that did not answer the previous ping is dropped. */
  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const set of this.byUser.values()) {
        for (const client of set) {
          if (!client.alive) {
            this.deps.log.debug({ userId: client.userId }, 'live socket missed a heartbeat; dropped');
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
        }
      }
      if (this.byUser.size === 0) this.stopHeartbeat();
    }, this.deps.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  close() {
    this.stopHeartbeat();
  }
}

function send(client: LiveClient, text: string) {
  // OPEN only: a socket that is closing gets nothing more.
  if (client.socket.readyState === 1) client.socket.send(text);
}
