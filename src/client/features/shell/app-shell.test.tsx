import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp, sessionRoute, toasts } from '../../test/utils';

describe('shell', () => {
  it('logs out: calls the server, forgets the user and shows the sign-in screen', async () => {
    let signedIn = true;
    const calls = mockApi({
      'GET /api/auth/session': () => sessionRoute(signedIn ? makeUser() : null),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/orders');

    const nav = await screen.findByRole('navigation', { name: 'Customer Portal' });
    await user.click(within(nav.parentElement as HTMLElement).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(toasts().getByText('Signed out')).toBeInTheDocument();
    expect(toasts().getByText('You have been signed out.')).toBeInTheDocument();
    const logout = calls.find((c) => c.url === '/api/auth/logout');
    expect(logout).toMatchObject({ method: 'POST', body: undefined, credentials: 'include' });
  });

  it('says "signed out" in the language the customer reads the portal in', async () => {
    let signedIn = true;
    mockApi({
      'GET /api/auth/session': () => sessionRoute(signedIn ? makeUser({ locale: 'es' }) : null),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/orders');

    const nav = await screen.findByRole('navigation', { name: 'Portal del cliente' });
    await user.click(within(nav.parentElement as HTMLElement).getByRole('button', { name: 'Cerrar sesión' }));

    expect(await toasts().findByText('Sesión cerrada')).toBeInTheDocument();
    expect(toasts().getByText('Has cerrado sesión.')).toBeInTheDocument();
  });

  it('stays signed in and says so when logout fails', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'POST /api/auth/logout': { status: 500, body: { message: 'Database unavailable' } },
    });
    const user = userEvent.setup();
    renderApp('/');

    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Customer Portal' });
    await user.click(within(nav.parentElement as HTMLElement).getByRole('button', { name: 'Sign out' }));

    expect(await toasts().findByText('Sign-out failed')).toBeInTheDocument();
    expect(toasts().getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/, Ann$/);
  });

  it('opens the menu as a dialog from a labelled button and closes it after navigating', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()) });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Account' }));

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers "Skip to content" as the first Tab stop, pointing at the page’s main region', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser()) });
    const user = userEvent.setup();
    renderApp('/');

    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    const target = document.getElementById(skip.getAttribute('href')?.slice(1) ?? '');
    expect(target).toBe(screen.getByRole('main'));
    expect(target).toContainElement(screen.getByRole('heading', { level: 1 }));
  });
});
