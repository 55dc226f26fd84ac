import type {
  LiveAuthenticate,
  LiveMessageCreated,
  LiveStaffMessage,
  LiveStatusUpdate,
} from '../../shared/live.js';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_PATH } from '../../shared/live.js';

/** Reconnect after 3 s × (attempts + 1), at most 30 s, so a server restart is not hammered. */
export const RECONNECT_STEP_MS = 3000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempts: number): number {
  return Math.min(RECONNECT_STEP_MS * (attempts + 1), RECONNECT_MAX_MS);
}

/** `/ws` on this page's host, `wss` when the page is https, with the timestamp `t`. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, now = Date.now()): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATH}?t=${now}`;
}

function isStatusUpdate(value: unknown): value is LiveStatusUpdate {
  const v = value as Partial<LiveStatusUpdate> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.type === 'status_update' &&
    typeof v.orderId === 'number' &&
    typeof v.status === 'string'
  );
}

function isStaffMessage(value: unknown): value is LiveStaffMessage {
  const v = value as Partial<LiveStaffMessage> | null;
  if (typeof v !== 'object' || v === null) return false;
  if (v.type === 'orders_changed') return typeof (v as { count?: unknown }).count === 'number';
  if (v.type === 'bulk_job_progress') {
    const progress = v as Partial<Record<'jobId' | 'done' | 'total', unknown>>;
    return [progress.jobId, progress.done, progress.total].every((n) => typeof n === 'number');
  }
  return v.type === 'delivery_slots_changed' && Array.isArray((v as { dates?: unknown }).dates);
}

function isMessageCreated(value: unknown): value is LiveMessageCreated {
  const v = value as Partial<LiveMessageCreated> | null;
  return typeof v === 'object' && v !== null && v.type === 'message_created' && typeof v.orderId === 'number';
}

export interface LiveConnectionOptions {
  userId: number;
  isAdmin: boolean;
  onStatusUpdate: (update: LiveStatusUpdate) => void;
  /** Messages only staff receive (the delivery days changed). */
  onStaffMessage?: (message: LiveStaffMessage) => void;
  /** The server closed the socket because this browser's session ended; no reconnect follows. */
  onSessionEnded?: () => void;
  /** A message was written in the conversation of one of the user's orders (or any, for staff). */
  onMessageCreated?: (message: LiveMessageCreated) => void;
  /** The WebSocket class (globalThis.WebSocket unless given). */
  WebSocketImpl?: typeof WebSocket;
  location?: Pick<Location, 'protocol' | 'host'>;
}

/**
 * The live connection: opens at once, sends the authenticate message on open, reconnects after an
 * unexpected close on the schedule above, and closes with 1000 (no reconnect) when the returned
 * function is called (unmount, another user). Messages only ever call `onStatusUpdate`; the socket
 * keeps no state of the orders.
 */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const location = options.location ?? window.location;
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const send = (message: LiveAuthenticate) => {
    // Nothing is sent while the connection is not open.
    if (socket?.readyState === Impl.OPEN) socket.send(JSON.stringify(message));
  };

  const connect = () => {
    retry = null;
    const ws = new Impl(liveUrl(location));
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      send({ type: 'authenticate', userId: options.userId, isAdmin: options.isAdmin });
    };
    ws.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch (err) {
        console.warn('Live update could not be parsed; ignored', err);
        return;
      }
      if (isStatusUpdate(data)) options.onStatusUpdate(data);
      else if (isStaffMessage(data)) options.onStaffMessage?.(data);
      else if (isMessageCreated(data)) options.onMessageCreated?.(data);
    };
    ws.onerror = (event: Event) => {
      console.warn('Live connection error', event);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      if (event.code === LIVE_CLOSE_SESSION_ENDED) {
        stopped = true;
        options.onSessionEnded?.();
        return;
      }
      const delay = reconnectDelay(attempts);
      attempts++;
      retry = setTimeout(connect, delay);
    };
  };

  connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const ws = socket;
    socket = null;
    if (ws && ws.readyState !== Impl.CLOSED && ws.readyState !== Impl.CLOSING) ws.close(1000);
  };
}
