import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, type RecordedCall, renderApp, sessionRoute, toasts } from '../../test/utils';

function callsTo(calls: RecordedCall[], method: string, url: string) {
  return calls.filter((c) => c.method === method && c.url === url);
}

function settingsApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/user/notifications': { body: { email: true, sms: true } },
    ...routes,
  });
}

async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(await screen.findByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('Settings: password', () => {
  it('refuses a confirmation that does not match without calling the server', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderApp('/settings');

    await fillPasswords(user, 'old-password', 'new-password-1', 'new-password-2');

    expect(await toasts().findByText("Passwords don't match")).toBeInTheDocument();
    expect(toasts().getByText('New password and confirmation must match')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/user/password')).toHaveLength(0);
  });

  it("shows the server's field message on its field", async () => {
    settingsApi({
      'POST /api/user/password': {
        status: 400,
        body: { message: 'Invalid input', fields: { currentPassword: 'Current password is incorrect' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/settings');

    await fillPasswords(user, 'wrong-password', 'new-password-1', 'new-password-1');

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New Password')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the change, toasts "Password updated" and clears the form', async () => {
    const calls = settingsApi({ 'POST /api/user/password': { body: { message: 'Password updated' } } });
    const user = userEvent.setup();
    renderApp('/settings');

    await fillPasswords(user, 'old-password', 'new-password-1', 'new-password-1');

    expect(await toasts().findByText('Password updated')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/user/password').map((c) => c.body)).toEqual([
      { currentPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    ]);
    for (const label of ['Current Password', 'New Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });
});

describe('Settings: notifications', () => {
  it('loads the saved choices into the labelled switches', async () => {
    settingsApi({ 'GET /api/user/notifications': { body: { email: false, sms: true } } });
    renderApp('/settings');

    const email = await screen.findByRole('switch', { name: 'Email Notifications' });
    await waitFor(() => expect(email).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'SMS Notifications' })).toBeChecked();
  });

  it('moves the switch at once and saves the toggle', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const calls = settingsApi({
      'PATCH /api/user/notifications': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderApp('/settings');

    const sms = await screen.findByRole('switch', { name: 'SMS Notifications' });
    await waitFor(() => expect(sms).toBeEnabled());
    expect(sms).toBeChecked();
    await user.click(sms);

    // Before the server answers.
    await waitFor(() => expect(sms).not.toBeChecked());
    expect(callsTo(calls, 'PATCH', '/api/user/notifications').map((c) => c.body)).toEqual([{ sms: false }]);
    answer({ body: { email: true, sms: false } });
    await waitFor(() => expect(sms).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  });

  it('moves the switch back and toasts "Error" when the save fails', async () => {
    settingsApi({ 'PATCH /api/user/notifications': { status: 500 } });
    const user = userEvent.setup();
    renderApp('/settings');

    const email = await screen.findByRole('switch', { name: 'Email Notifications' });
    await waitFor(() => expect(email).toBeEnabled());
    await user.click(email);

    expect(await toasts().findByText('Error')).toBeInTheDocument();
    expect(toasts().getByText('Something went wrong')).toBeInTheDocument();
    expect(email).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS Notifications' })).toBeChecked();
  });
});

describe('Settings: language', () => {
  it('switches the portal at once and stores the choice on the account', async () => {
    const calls = settingsApi({
      'PATCH /api/user/preferences': (body) => ({ body: body as object }),
    });
    const user = userEvent.setup();
    renderApp('/settings');

    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Français']);
    await user.selectOptions(select, 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(await toasts().findByText('Idioma cambiado')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(callsTo(calls, 'PATCH', '/api/user/preferences').map((c) => c.body)).toEqual([{ locale: 'es' }]);
    expect(
      within(screen.getByRole('complementary')).getByRole('link', { name: 'Mis pedidos' }),
    ).toBeVisible();
  });
});
