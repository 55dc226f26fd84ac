import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-web-socket';
import { liveUrl, openLiveConnection, reconnectDelay } from './live';

const location = { protocol: 'http:', host: 'portal.example:5000' };

function open(onStatusUpdate = vi.fn()) {
  const close = openLiveConnection({
    userId: 7,
    isAdmin: false,
    onStatusUpdate,
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    location,
  });
  return { close, onStatusUpdate };
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('goes to /ws with ws or wss to match the page and a timestamp t', () => {
    expect(liveUrl({ protocol: 'http:', host: 'a.example:5000' }, 123)).toBe('ws://a.example:5000/ws?t=123');
    expect(liveUrl({ protocol: 'https:', host: 'a.example' }, 456)).toBe('wss://a.example/ws?t=456');
    vi.setSystemTime(1_700_000_000_000);
    open();
    expect(FakeWebSocket.last.url).toBe('ws://portal.example:5000/ws?t=1700000000000');
  });

  it('sends the authenticate message once open, and nothing before', () => {
    open();
    const socket = FakeWebSocket.last;
    expect(socket.sent).toEqual([]);
    socket.serverOpens();
    expect(socket.sent.map((m) => JSON.parse(m))).toEqual([
      { type: 'authenticate', userId: 7, isAdmin: false },
    ]);
  });

  it('reconnects after 3 s × (attempts + 1), at most 30 s, counting from the last open', () => {
    open();
    FakeWebSocket.last.serverOpens();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const before = FakeWebSocket.instances.length;
      FakeWebSocket.last.serverDrops();
      const expected = reconnectDelay(attempt);
      vi.advanceTimersByTime(expected - 1);
      expect(FakeWebSocket.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances.length).toBe(before + 1);
      waits.push(expected);
    }
    expect(waits).toEqual([3000, 6000, 9000, 12000, 15000, 18000, 21000, 24000, 27000, 30000, 30000, 30000]);

    // An open resets the count: the next drop waits 3 s again.
    FakeWebSocket.last.serverOpens();
    const before = FakeWebSocket.instances.length;
    FakeWebSocket.last.serverDrops();
    vi.advanceTimersByTime(2999);
    expect(FakeWebSocket.instances.length).toBe(before);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances.length).toBe(before + 1);
  });

  it('closes with 1000 when asked and never reconnects', () => {
    const { close } = open();
    const socket = FakeWebSocket.last;
    socket.serverOpens();
    close();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stops a pending reconnect when closed while waiting', () => {
    const { close } = open();
    FakeWebSocket.last.serverDrops();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('passes on status updates; logs and ignores what cannot be parsed', () => {
    const { onStatusUpdate } = open();
    const socket = FakeWebSocket.last;
    socket.serverOpens();
    socket.serverSends('{not json');
    expect(console.warn).toHaveBeenCalledWith(
      'Live update could not be parsed; ignored',
      expect.any(SyntaxError),
    );
    socket.serverSends({ type: 'something_else' });
    socket.serverSends({ type: 'status_update', orderId: 12, status: 'PRODUCTION', itemNumber: 2 });
    expect(onStatusUpdate).toHaveBeenCalledTimes(1);
    expect(onStatusUpdate).toHaveBeenCalledWith({
      type: 'status_update',
      orderId: 12,
      status: 'PRODUCTION',
      itemNumber: 2,
    });
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
  });

  it('passes staff messages to their own handler, never as a status update', () => {
    const onStatusUpdate = vi.fn();
    const onStaffMessage = vi.fn();
    openLiveConnection({
      userId: 1,
      isAdmin: true,
      onStatusUpdate,
      onStaffMessage,
      WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
      location,
    });
    const socket = FakeWebSocket.last;
    socket.serverOpens();
    socket.serverSends({ type: 'delivery_slots_changed', dates: ['2026-12-02'] });
    socket.serverSends({ type: 'delivery_slots_changed' });
    expect(onStaffMessage).toHaveBeenCalledTimes(1);
    expect(onStaffMessage).toHaveBeenCalledWith({ type: 'delivery_slots_changed', dates: ['2026-12-02'] });
    expect(onStatusUpdate).not.toHaveBeenCalled();
  });

  it('only logs connection errors', () => {
    open();
    FakeWebSocket.last.serverDrops();
    expect(console.warn).toHaveBeenCalledWith('Live connection error', expect.any(Event));
  });
});
