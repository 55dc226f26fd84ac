import { render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { withPermissions } from '../../shared/permissions.js';
import type { SessionUser } from '../../shared/schemas/auth.js';
import { AppRoutes } from '../app';
import { createQueryClient } from '../lib/query-client';
import { Providers } from '../providers';

export { WAIT_CAP_MS } from './wait-cap';

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; statusText?: string; body?: unknown };
type Route = Reply | ((body: unknown) => Reply | Promise<Reply>);

/**
 * Replaces fetch, the network edge, with a table of answers keyed by 'METHOD /path'. Every request is
 * recorded so tests can assert what the screen sent. An unlisted request answers 404.
 */
export function mockApi(routes: Record<string, Route>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const headers = Object.fromEntries(
        [...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
      );
      calls.push({ method, url, body, headers, credentials: init.credentials });
      const route = routes[`${method} ${url}`];
      const reply =
        route === undefined
          ? { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'Not found' } }
          : route;
      const {
        status = 200,
        statusText,
        body: answer,
      } = typeof reply === 'function' ? await reply(body) : reply;
      return new Response(answer === undefined ? null : JSON.stringify(answer), {
        status,
        statusText,
        headers: answer === undefined ? {} : { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** GET /api/auth/session's answer: the user, or null for a visitor. */
export function sessionRoute(user: SessionUser | null): Reply {
  return { body: { user } };
}

/** A user as the server answers one: `permissions` follow the role unless given. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return withPermissions({
    id: 7,
    email: 'ann@example.com',
    role: 'USER' as const,
    firstName: 'Ann',
    lastName: 'Lee',
    phoneNumber: '5551234567',
    locale: null,
    ...overrides,
  });
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient}>{ui}</Providers>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}

export function renderApp(path: string) {
  return renderWithProviders(<AppRoutes />, path);
}

/**
 * The toast region; Radix also copies toast text into a hidden live region, so look only in here.
 * While a dialog is open Radix hides the rest of the page, this region included, from the
 * accessibility tree (decision 35), which can leave it without an accessible name: it is found by
 * its label attribute instead.
 */
export function toasts() {
  const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Notifications"]');
  if (!region) throw new Error('no toast region');
  return within(region);
}
