import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showHandedOffToast, useToast } from './components/ui/use-toast';
import { LOCALE_STORAGE_KEY } from './lib/page-locale';
import { start } from './sign-in-app';
import { makeUser, mockApi, sessionRoute, WAIT_CAP_MS } from './test/utils';

let root: Root | undefined;

/** Opens /auth as a first load does: the sign-in app alone, with `location` standing in for the browser's. */
async function openSignIn(search = '') {
  const replace = vi.fn();
  vi.stubGlobal('location', { pathname: '/auth', search, replace });
  const element = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = await start(element);
  });
  return replace;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  sessionStorage.clear();
});

const notifications = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));

describe('the sign-in app (the first load of /auth)', () => {
  it('sends a signed-in staff member on to /admin without showing the form', async () => {
    mockApi({ 'GET /api/auth/session': sessionRoute(makeUser({ role: 'ADMIN' })) });
    const replace = await openSignIn();
    expect(replace).toHaveBeenCalledWith('/admin');
    expect(screen.queryByRole('heading', { name: 'Welcome' })).not.toBeInTheDocument();
  });

  it('shows a failed call in its own toast region, closed by its button', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(null),
      'POST /api/auth/verify-email': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
      },
    });
    const user = userEvent.setup();
    await openSignIn();

    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await notifications().findByText('Failed to verify email')).toBeInTheDocument();
    expect(notifications().getByText('Too many requests. Please try again later.')).toBeInTheDocument();
    await user.click(notifications().getByRole('button', { name: 'Close notification' }));
    expect(notifications().getByRole('listitem')).toHaveAttribute('data-state', 'closed');
  });

  it('leaves for the user’s home once signed in, and the home page shows the welcome', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(null),
      'POST /api/auth/verify-email': { body: { userExists: true, needsPassword: false, codeSent: true } },
      'POST /api/auth/login': { body: { ok: true } },
      'POST /api/auth/verify-code': { body: { user: makeUser({ email: 'ann@example.com' }) } },
    });
    const user = userEvent.setup();
    const replace = await openSignIn();

    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/'), { timeout: WAIT_CAP_MS });
    act(() => root?.unmount());
    root = undefined;
    // The next page (the full app) shows what the sign-in screen handed it.
    const { result } = renderHook(() => useToast());
    act(() => showHandedOffToast());
    expect(result.current.toasts.map((toast) => `${toast.title}: ${toast.description}`)).toEqual([
      'Signed in: Welcome back, ann@example.com',
    ]);
  });

  it('opens in the visitor’s language, the screen-reader words of its controls included', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    mockApi({
      'GET /api/auth/session': sessionRoute(null),
      'POST /api/auth/verify-email': { body: { userExists: true, needsPassword: false } },
    });
    const user = userEvent.setup();
    await openSignIn();

    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
  });

  it('says a refusal in the visitor’s language by its code, whatever its English words', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    mockApi({
      'GET /api/auth/session': sessionRoute(null),
      'POST /api/auth/verify-email': {
        status: 429,
        body: { code: 'CODES_PAUSED', message: 'Reworded English the screen has never seen' },
      },
    });
    const user = userEvent.setup();
    await openSignIn();

    await user.type(await screen.findByLabelText('Correo electrónico'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await notifications().findByText(/los códigos están en pausa por un tiempo/)).toBeInTheDocument();
    expect(notifications().queryByText(/Reworded English/)).not.toBeInTheDocument();
  });

  it('shows a code it has no text for as its own words in Spanish, and as the server said it in English', async () => {
    const answer = { status: 409, body: { code: 'SOMETHING_NEWER', message: 'A refusal of a newer server' } };
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    mockApi({ 'GET /api/auth/session': sessionRoute(null), 'POST /api/auth/verify-email': answer });
    const user = userEvent.setup();
    await openSignIn();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await notifications().findByText('Algo salió mal')).toBeInTheDocument();
    expect(notifications().queryByText('A refusal of a newer server')).not.toBeInTheDocument();

    act(() => root?.unmount());
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    await openSignIn();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await notifications().findByText('A refusal of a newer server')).toBeInTheDocument();
  });
});

/**
 * What the first load of /auth can carry: the modules the sign-in app imports statically, directly or
 * not (a bundler puts all of them in that load; `import()` splits a module off). Reading the sources
 * rather than a build keeps the check in the quick suite; bench/benchmarks/auth-bundle.ts weighs the build.
 */
function signInImports() {
  const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  const modules = new Set<string>();
  const packages = new Set<string>();
  const resolveSource = (from: string, specifier: string) => {
    const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
    return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((file) => existsSync(file));
  };
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier.startsWith('.')) {
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
        continue;
      }
      const source = resolveSource(file, specifier);
      if (source) visit(source);
    }
  };
  const root = join(process.cwd(), 'src/client');
  visit(join(root, 'sign-in-app.tsx'));
  return { modules: [...modules].map((file) => relative(root, file)), packages: [...packages].sort() };
}

describe('the first load of /auth', () => {
  const { modules, packages } = signInImports();

  it('brings only React and two class-name helpers, not the full app’s libraries (i18next, router, queries)', () => {
    expect(packages).toEqual(['class-variance-authority', 'clsx', 'react', 'react-dom']);
  });

  it('brings no back-office code', () => {
    expect(modules.filter((file) => /^features\/(admin|insights)\//.test(file))).toEqual([]);
  });
});
