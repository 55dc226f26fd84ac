import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../lib/page-locale';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

describe('the language select of the sign-in page', () => {
  it('switches a visitor’s page at once and keeps the choice on this browser only', async () => {
    const calls = mockApi({ 'GET /api/auth/session': sessionRoute(null) });
    const user = userEvent.setup();
    renderApp('/auth');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'es');

    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    // The next call tells the server the page's language (a code mail is then in Spanish).
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Ingresa un correo electrónico válido')).toBeInTheDocument();
  });

  it('applies a signed-in user’s stored language and stores a new choice on the account', async () => {
    const calls = mockApi({
      'GET /api/auth/session': sessionRoute(makeUser({ locale: 'fr' })),
      'GET /api/track/abc': { status: 404, body: { message: 'Not found' } },
      'PATCH /api/user/preferences': (body) => ({ body }),
    });
    const user = userEvent.setup();
    renderApp('/track/abc');

    expect(
      await screen.findByRole('heading', { name: 'Ce lien de suivi ne fonctionne pas' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'es');

    expect(
      await screen.findByRole('heading', { name: 'Este enlace de seguimiento no funciona' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toMatchObject([
        { url: '/api/user/preferences', body: { locale: 'es' }, headers: { 'accept-language': 'es' } },
      ]),
    );
  });
});
