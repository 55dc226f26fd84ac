import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE_SESSION_ENDED,
  type LiveMessageCreated,
  type LiveStaffMessage,
  type LiveStatusUpdate,
} from '../../shared/live.js';
import { isStaffRole } from '../../shared/permissions.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { OutgoingFrame } from './frame.js';
import type { BusMessage } from './messages.js';

/** One open socket and the identity its session cookie proved at the upgrade. */
export interface LiveClient {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  isAdmin: boolean;
  /** When the session ends by itself (epoch milliseconds); the socket closes then. */
  expiresAt: number;
  /** Cleared at each heartbeat, set again by the peer's pong. */
  alive: boolean;
}

/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The expiry check runs this long after the earliest expiry, so that the session has ended by then. */
const EXPIRY_GRACE_MS = 50;
/** After a failed expiry check, the next one. */
const EXPIRY_RETRY_MS = 5_000;
const OPEN = 1;

/** Close code for a socket whose session ended (sign-out elsewhere, password change or reset, expiry). */
export const CLOSE_SESSION_ENDED = LIVE_CLOSE_SESSION_ENDED;

/**
 * This instance's open sockets, indexed by user id, with the administrators in a set of their own.
 * Delivers what the bus brings: each status change to the order's owner and to every administrator.
 *
 * An idle socket costs this hub one small record and its place in two maps: the listeners it puts
 * on every socket are shared, one timer watches every session's expiry and one interval pings every
 * socket (decision 315).
 */
export class LiveHub {
  private readonly clients = new Map<WebSocket, LiveClient>();
  private readonly byUser = new Map<number, Set<LiveClient>>();
  private readonly admins = new Set<LiveClient>();
  private heartbeat: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  /** When the expiry timer fires (epoch ms), or Infinity when none is set. */
  private expiryCheckAt = Number.POSITIVE_INFINITY;
  private readonly onPong: (this: WebSocket) => void;
  private readonly onClose: (this: WebSocket) => void;
  private readonly onError: (this: WebSocket, err: Error) => void;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; heartbeatMs: number }) {
    // `ws` calls its listeners with the socket as `this`, so one function serves every socket.
    const clients = this.clients;
    const remove = (client: LiveClient) => this.remove(client);
    this.onPong = function onPong() {
      const client = clients.get(this);
      if (client) client.alive = true;
    };
    this.onClose = function onClose() {
      const client = clients.get(this);
      if (client) remove(client);
    };
    // `ws` closes the socket after an error (a bad frame, one over the size limit); nothing to add.
    this.onError = (err) => deps.log.debug({ err }, 'live socket error');
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Takes over `client.socket`. Its 'error' listeners are replaced by the hub's: the one the upgrade
   * left behind holds that HTTP request and reply for as long as the socket lives.
   */
  add(client: LiveClient) {
    const { socket } = client;
    this.clients.set(socket, client);
    let set = this.byUser.get(client.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(client.userId, set);
    }
    set.add(client);
    if (client.isAdmin) this.admins.add(client);
    socket.removeAllListeners('error');
    socket.on('error', this.onError);
    socket.on('pong', this.onPong);
    socket.once('close', this.onClose);
    this.watchExpiry(client.expiresAt);
    this.startHeartbeat();
  }

  private remove(client: LiveClient) {
    this.clients.delete(client.socket);
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    this.admins.delete(client);
  }

  /** Makes sure the expiry timer fires by `expiresAt` (plus the grace). */
  private watchExpiry(expiresAt: number) {
    const at = expiresAt + EXPIRY_GRACE_MS;
    if (at >= this.expiryCheckAt) return;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, at - this.deps.clock.now().getTime()));
    this.expiryCheckAt = at;
    this.expiryTimer = setTimeout(() => void this.expire(), delay);
    this.expiryTimer.unref();
  }

  /**
   * The users of every socket whose session has expired are checked again, so those sockets close;
   * then the timer is set for the next expiry among the sockets still open.
   */
  private async expire() {
    this.expiryTimer = null;
    this.expiryCheckAt = Number.POSITIVE_INFINITY;
    const now = this.deps.clock.now().getTime();
    const due = new Set<number>();
    for (const client of this.clients.values()) if (client.expiresAt <= now) due.add(client.userId);
    for (const userId of due) {
      await this.refreshUser(userId).catch((err) =>
        this.deps.log.warn({ err }, 'live session expiry check failed'),
      );
    }
    let next = Number.POSITIVE_INFINITY;
    for (const client of this.clients.values()) {
      if (client.socket.readyState !== OPEN) continue;
      // Still open past its expiry: its check failed (the database out of reach); tried again later.
      const at = client.expiresAt > now ? client.expiresAt : now + EXPIRY_RETRY_MS;
      if (at < next) next = at;
    }
    if (next !== Number.POSITIVE_INFINITY) this.watchExpiry(next);
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
    this.deliver(JSON.stringify(update), message.ownerId);
  }

  private deliverMessageCreated(message: Extract<BusMessage, { kind: 'message' }>) {
    const created: LiveMessageCreated = { type: 'message_created', orderId: message.orderId };
    this.deliver(JSON.stringify(created), message.ownerId);
  }

  private deliverToStaff(message: LiveStaffMessage) {
    this.deliver(JSON.stringify(message), null);
  }

  /** To every administrator's sockets, and to the owner's (when there is one and not an admin). */
  private deliver(text: string, ownerId: number | null) {
    const owners = ownerId === null ? undefined : this.byUser.get(ownerId);
    if (this.admins.size === 0 && !owners) return;
    const frame = new OutgoingFrame(text);
    for (const client of this.admins) frame.sendTo(client.socket);
    if (!owners) return;
    for (const client of owners) {
      if (!client.isAdmin) frame.sendTo(client.socket);
    }
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
      client.expiresAt = session.expiresAt.getTime();
      this.watchExpiry(client.expiresAt);
      client.isAdmin = isStaffRole(session.role);
      if (client.isAdmin) this.admins.add(client);
      else this.admins.delete(client);
    }
  }

  /** Pings every socket; one that did not answer the previous ping is dropped. */
  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const client of this.clients.values()) {
        if (!client.alive) {
          this.deps.log.debug({ userId: client.userId }, 'live socket missed a heartbeat; dropped');
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
      if (this.clients.size === 0) this.stopHeartbeat();
    }, this.deps.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  close() {
    this.stopHeartbeat();
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    this.expiryCheckAt = Number.POSITIVE_INFINITY;
  }
}
