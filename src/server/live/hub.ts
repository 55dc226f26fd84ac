import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveMessageCreated, LiveStaffMessage, LiveStatusUpdate } from '../../shared/live.js';
import { isStaffRole } from '../../shared/permissions.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { BusMessage } from './messages.js';

/** One open socket and the identity its session cookie proved at the upgrade. */
export interface LiveClient {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  isAdmin: boolean;
  /** When the session ends by itself; the socket closes then. */
  expiresAt: Date;
  /** Cleared at each heartbeat, set again by the peer's pong. */
  alive: boolean;
}

/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Close code for a socket whose session ended (sign-out elsewhere, password change or reset, expiry). */
export const CLOSE_SESSION_ENDED = 4001;

/**
 * This instance's open sockets, indexed by user id, with the administrators in a set of their own.
 * Delivers what the bus brings: each status change to the order's owner and to every administrator.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveClient>>();
  private readonly admins = new Set<LiveClient>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly expiryTimers = new Map<LiveClient, NodeJS.Timeout>();

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; heartbeatMs: number }) {}

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
    this.scheduleExpiry(client);
    this.startHeartbeat();
  }

  private remove(client: LiveClient) {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    this.admins.delete(client);
    clearTimeout(this.expiryTimers.get(client));
    this.expiryTimers.delete(client);
  }

  /** At the session's expiry the user's sockets are checked again, so an expired one closes then. */
  private scheduleExpiry(client: LiveClient) {
    const delay = Math.min(
      MAX_TIMER_MS,
      Math.max(0, client.expiresAt.getTime() - this.deps.clock.now().getTime()),
    );
    const timer = setTimeout(() => {
      this.expiryTimers.delete(client);
      this.refreshUser(client.userId).then(
        () => {
          if (client.socket.readyState === 1) this.scheduleExpiry(client);
        },
        (err) => this.deps.log.warn({ err }, 'live session expiry check failed'),
      );
    }, delay + 50);
    timer.unref();
    this.expiryTimers.set(client, timer);
  }

  /** What arrived on the bus, from this instance or another. */
  async receive(message: BusMessage) {
    if (message.kind === 'status') this.deliverStatus(message);
    else if (message.kind === 'staff') this.deliverToStaff(message.message);
    else if (message.kind === 'message') this.deliverMessageCreated(message);
    else await this.refreshUser(message.userId);
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

  private deliverMessageCreated(message: Extract<BusMessage, { kind: 'message' }>) {
    const created: LiveMessageCreated = { type: 'message_created', orderId: message.orderId };
    const text = JSON.stringify(created);
    for (const client of this.admins) send(client, text);
    if (message.ownerId === null) return;
    for (const client of this.byUser.get(message.ownerId) ?? []) {
      if (!client.isAdmin) send(client, text);
    }
  }

  private deliverToStaff(message: LiveStaffMessage) {
    const text = JSON.stringify(message);
    for (const client of this.admins) send(client, text);
  }

  /**
   * Closes this user's sockets whose session is gone or expired, and gives the others what the
   * user's role allows now (a demoted admin stops receiving every customer's updates at once).
   */
  async refreshUser(userId: number) {
    const open = this.byUser.get(userId);
    if (!open || open.size === 0) return;
    const rows = await this.deps.db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, this.deps.clock.now())));
    const live = new Map(rows.map((row) => [row.id, row]));
    for (const client of [...open]) {
      const session = live.get(client.sessionId);
      if (!session) {
        client.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
        continue;
      }
      client.isAdmin = isStaffRole(session.role);
      if (client.isAdmin) this.admins.add(client);
      else this.admins.delete(client);
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
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
  }
}

function send(client: LiveClient, text: string) {
  // OPEN only: a socket that is closing gets nothing more.
  if (client.socket.readyState === 1) client.socket.send(text);
}
