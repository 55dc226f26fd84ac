import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

const admin = makeUser({ id: 1, email: 'admin@localhost', role: 'ADMIN', firstName: 'Ada' });

describe('route guards', () => {
  it('shows the app frame with a page placeholder, not a blank screen, while the session loads', async () => {
    mockApi({ 'GET /api/auth/session': () => new Promise(() => {}) });
    renderApp('/orders');
    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent('Loading');
    expect(screen.getByRole('main')).toContainElement(loading);
    expect(loading.querySelectorAll('.animate-pulse').length).toBeGreaterThan(1);
  });

  it('shows staff who must enrol a second factor only the set-up, wherever they go in the back office', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute({ ...admin, mustEnrolSecondFactor: true }),
      'GET /api/user/second-factor': {
        body: { totp: false, passkeys: [], recoveryCodesLeft: 0, required: true },
      },
    });
    renderApp('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Set up a second factor' })).toBeInTheDocument();
    expect(await screen.findByText(/Your organisation requires a second factor/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin Portal' })).not.toBeInTheDocument();
  });

  it('sends a visitor from a customer page to /auth', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(null) });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('sends a visitor from an admin page to /auth', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(null) });
    renderApp('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('shows a signed-in customer their page inside the customer shell', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()), 'GET /api/orders': { body: [] } });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: /^My Orders/ })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Customer Portal' }));
    for (const link of ['Home', 'My Orders', 'Account', 'Settings']) {
      expect(nav.getByRole('link', { name: link })).toBeInTheDocument();
    }
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Purchase Tasks/ })).toHaveTextContent('0'),
    );
  });

  it('sends a USER from /admin to /', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/, Ann$/);
    expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
  });

  it('lets an ADMIN into the admin shell', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(admin) });
    renderApp('/admin/webhooks');
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Admin Portal' }));
    for (const link of ['Dashboard', 'Orders', 'Customers', 'Import Data', 'Webhooks', 'Settings']) {
      expect(nav.getByRole('link', { name: link })).toBeInTheDocument();
    }
  });

  it('sends a signed-in ADMIN from /auth to /admin', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(admin) });
    renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-in USER from /auth to /', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()) });
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/, Ann$/);
  });

  it('shows 404 Page Not Found for an unknown path, without asking for a session', async () => {
    const calls = mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the session check itself fails', async () => {
    mockApi({ 'GET /api/auth/session': { status: 500, body: { message: 'boom' } } });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
