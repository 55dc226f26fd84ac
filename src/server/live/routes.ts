import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_PATH } from '../../shared/live.js';
import { isStaffRole } from '../../shared/permissions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { httpErrors } from '../http/errors.js';
import { SESSION_COOKIE } from '../http/session.js';
import type { Clock } from '../lib/clock.js';
import { unauthorized } from '../lib/errors.js';
import { LiveHub } from './hub.js';
import { type BusMessage, LIVE_CHANNEL, parseBusMessage } from './messages.js';

/** A larger frame closes the connection (1009); the client only ever sends the small authenticate. */
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;
const DEFAULT_HEARTBEAT_MS = 30_000;

export interface LiveDeps {
  config: Config;
  database: Database;
  /** Who holds this session token, if anyone (the upgrade request's cookie). */
  sessions: {
    findUser(
      token: string,
    ): Promise<
      | { id: number; role: string; sessionId: number; expiresAt: Date; mustEnrolSecondFactor?: boolean }
      | undefined
    >;
  };
  clock: Clock;
  /** Ping interval; a socket that missed one ping is dropped at the next. */
  heartbeatMs?: number;
  /** Told of every message on the bus, from any instance, once its transaction has committed. */
  onBusMessage?: (message: BusMessage) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    liveClient?: { userId: number; sessionId: number; isAdmin: boolean; expiresAt: Date };
  }
}

/**
 * The live connection: `GET /ws` upgraded only for a signed-in session from a same-origin page; this
 * instance's hub; and the bus listener that feeds it, whichever instance published. Registered before
 * the other routes, as @fastify/websocket requires.
 */
export async function registerLive(app: FastifyInstance, deps: LiveDeps): Promise<LiveHub> {
  const { config, database, sessions } = deps;
  const hub = new LiveHub({
    db: database.db,
    clock: deps.clock,
    log: app.log,
    heartbeatMs: deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
  });

  // Messages are handled one after the other, in the order they were published: a status change
  // published after a demotion must find the demoted socket already downgraded.
  let handled: Promise<void> = Promise.resolve();
  const unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const message = parseBusMessage(payload);
      if (!message) return;
      deps.onBusMessage?.(message);
      handled = handled
        .then(() => hub.receive(message))
        .catch((err) => app.log.warn({ err }, 'live message not delivered'));
    },
    {
      onError: (err) => app.log.warn({ err }, 'live listener lost its database connection'),
      onReconnect: () => app.log.info('live listener listening again'),
    },
  );
  app.addHook('onClose', async () => {
    hub.close();
    await unlisten();
  });

  // No permessage-deflate: the messages are a few dozen bytes, and the hub writes each one framed once
  // for every socket (src/server/live/frame.ts), which a compressed socket would not accept.
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_FRAME_BYTES, perMessageDeflate: false },
  });
  const publicOrigin = new URL(config.publicUrl).origin;

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && origin !== publicOrigin && origin !== requestOrigin(request)) {
          throw httpErrors.CROSS_ORIGIN_REFUSED('Cross-origin connection refused');
        }
        const token = request.cookies[SESSION_COOKIE];
        const found = token ? await sessions.findUser(token) : undefined;
        if (!found) throw unauthorized();
        // Staff who must still set up a second factor receive nothing until they have.
        if (found.mustEnrolSecondFactor)
          throw httpErrors.SECOND_FACTOR_REQUIRED('Set up a second factor first');
        request.liveClient = {
          userId: found.id,
          sessionId: found.sessionId,
          isAdmin: isStaffRole(found.role),
          expiresAt: found.expiresAt,
        };
      },
    },
    (socket, request) => {
      const identity = request.liveClient;
      if (!identity) {
        socket.close(1008, 'Not signed in');
        return;
      }
      // Nothing from the request is kept beyond this point: an idle socket holds only its record.
      // The client's {type:'authenticate', userId, isAdmin} needs no listener: identity came from
      // the session cookie at the upgrade, so any claim in a message is ignored, as is everything else.
      hub.add({
        socket,
        userId: identity.userId,
        sessionId: identity.sessionId,
        isAdmin: identity.isAdmin,
        expiresAt: identity.expiresAt.getTime(),
        alive: true,
      });
      detachResponse(request);
    },
  );
  return hub;
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The upgrade came through Fastify with a reply whose raw response was attached to the connection;
 * `ws` answered the handshake itself and never uses it. Detached, the response (and through it the
 * request, its headers and its logger) is not kept alive by the socket for the socket's lifetime.
 */
function detachResponse(request: FastifyRequest) {
  const connection = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  connection._httpMessage?.detachSocket(connection);
}
