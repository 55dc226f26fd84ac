import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/session';
import { FakeWebSocket } from '../test/fake-web-socket';
import { makeOrder } from '../test/orders';
import { makeUser, mockApi, type RecordedCall, renderApp, sessionRoute, WAIT_CAP_MS } from '../test/utils';

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  vi.useRealTimers();
});

const update = { type: 'status_update', orderId: 12, status: 'PRODUCTION', itemNumber: 1 };

function count(calls: RecordedCall[], method: string, prefix: string) {
  return calls.filter((c) => c.method === method && c.url.split('?')[0] === prefix).length;
}

async function connected() {
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0), { timeout: WAIT_CAP_MS });
  const socket = FakeWebSocket.last;
  socket.serverOpens();
  return socket;
}

describe('the live connection in the customer portal', () => {
  it('opens only for a signed-in user and sends who they are', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(null) });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('refreshes the order, its items and the list 250 ms after an update, the order page again at 500 ms', async () => {
    const calls = mockApi({
      'GET /api/auth/session': sessionRoute(makeUser({ id: 7 })),
      'GET /api/orders': { body: [makeOrder({ id: 12 })] },
      'GET /api/orders/12': { body: makeOrder({ id: 12 }) },
    });
    renderApp('/orders/12');
    await screen.findByRole('link', { name: /Back to My Orders/ });
    const socket = await connected();
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'authenticate', userId: 7, isAdmin: false });
    await vi.waitFor(() => expect(count(calls, 'GET', '/api/orders/12/items')).toBeGreaterThan(0), {
      timeout: WAIT_CAP_MS,
    });

    vi.useFakeTimers();
    const before = {
      order: count(calls, 'GET', '/api/orders/12'),
      items: count(calls, 'GET', '/api/orders/12/items'),
      list: count(calls, 'GET', '/api/orders'),
    };
    socket.serverSends(update);
    await vi.advanceTimersByTimeAsync(249);
    expect(count(calls, 'GET', '/api/orders/12')).toBe(before.order);
    expect(count(calls, 'GET', '/api/orders')).toBe(before.list);

    await vi.advanceTimersByTimeAsync(1);
    expect(count(calls, 'GET', '/api/orders/12')).toBe(before.order + 1);
    expect(count(calls, 'GET', '/api/orders/12/items')).toBe(before.items + 1);
    expect(count(calls, 'GET', '/api/orders')).toBe(before.list + 1);

    await vi.advanceTimersByTimeAsync(249);
    expect(count(calls, 'GET', '/api/orders/12')).toBe(before.order + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(calls, 'GET', '/api/orders/12')).toBe(before.order + 2);
    expect(count(calls, 'GET', '/api/orders/12/items')).toBe(before.items + 2);
  });

  it('shows the desktop notification only when permission is granted', async () => {
    const shown: unknown[][] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      constructor(...args: unknown[]) {
        shown.push(args);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [] },
    });
    renderApp('/orders');
    const socket = await connected();
    socket.serverSends(update);
    expect(shown).toEqual([]);
    FakeNotification.permission = 'granted';
    socket.serverSends(update);
    expect(shown).toEqual([
      ['Order Status Updated', { body: 'Your order status has been updated to Production' }],
    ]);
  });

  it('names the unit in the desktop notification as the screens do, once its order is loaded', async () => {
    const shown: unknown[][] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      constructor(...args: unknown[]) {
        shown.push(args);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [makeOrder({ id: 12, orderId: 'WF-5531' })] },
    });
    renderApp('/orders');
    await screen.findAllByRole('article');
    const socket = await connected();
    socket.serverSends(update);
    expect(shown).toEqual([['Order Status Updated', { body: 'WF-5531 · Unit 1: Production' }]]);
  });

  it('closes with 1000 when the user changes and opens a new connection for the next one', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser({ id: 7 })),
      'GET /api/orders': { body: [] },
    });
    const { queryClient } = renderApp('/orders');
    const first = await connected();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 8, email: 'bo@example.com' }));
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: WAIT_CAP_MS });
    expect(first.closedWith).toBe(1000);
    FakeWebSocket.last.serverOpens();
    expect(JSON.parse(FakeWebSocket.last.sent[0] ?? '')).toMatchObject({ userId: 8 });
  });

  it('closes with 1000 on unmount and does not reconnect', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [] },
    });
    const { unmount } = renderApp('/orders');
    const socket = await connected();
    vi.useFakeTimers();
    unmount();
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('the live connection in the admin portal', () => {
  it('refreshes the dashboard 250 ms after an update of any order', async () => {
    const calls = mockApi({
      'GET /api/auth/session': sessionRoute(makeUser({ id: 1, role: 'ADMIN' })),
      'GET /api/admin/dashboard': { status: 500, body: { message: 'later' } },
    });
    renderApp('/admin');
    const socket = await connected();
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'authenticate', userId: 1, isAdmin: true });
    await vi.waitFor(() => expect(count(calls, 'GET', '/api/admin/dashboard')).toBeGreaterThan(0), {
      timeout: WAIT_CAP_MS,
    });
    vi.useFakeTimers();
    const before = count(calls, 'GET', '/api/admin/dashboard');
    socket.serverSends({ ...update, orderId: 99 });
    await vi.advanceTimersByTimeAsync(249);
    expect(count(calls, 'GET', '/api/admin/dashboard')).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(count(calls, 'GET', '/api/admin/dashboard')).toBe(before + 1);
  });
});
