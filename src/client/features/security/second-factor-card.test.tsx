import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/utils';
import { SecondFactorCard } from './second-factor-card';

const PASSWORD = 'my own password';
const WRONG = { code: 'WRONG_PASSWORD', message: 'The password is not correct' };

function api() {
  return mockApi({
    'GET /api/user/second-factor': {
      body: { totp: false, passkeys: [], recoveryCodesLeft: 0, required: false },
    },
    'POST /api/user/second-factor/totp': {
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      },
    },
    'POST /api/user/second-factor/totp/confirm': (body) =>
      (body as { password: string }).password === PASSWORD
        ? { body: { recoveryCodes: ['aaaaa-bbbbb'] } }
        : { status: 400, body: { ...WRONG, fields: { password: WRONG.message } } },
    'POST /api/user/second-factor/passkeys/options': {
      status: 400,
      body: { ...WRONG, fields: { password: WRONG.message } },
    },
  });
}

const confirmCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url === '/api/user/second-factor/totp/confirm');

describe('enrolling a second factor asks for the password', () => {
  it('sends the password with the authenticator-app code, and shows a wrong one under its field', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<SecondFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await within(dialog).findByDisplayValue('JBSWY3DPEHPK3PXP');
    await user.type(within(dialog).getByLabelText('Code from the app'), '123456');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your password')).toBeInTheDocument();
    expect(confirmCalls(calls)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(confirmCalls(calls).map((c) => c.body)).toEqual([
      { code: '123456', password: 'not it' },
      { code: '123456', password: PASSWORD },
    ]);
  });

  it('asks for the password before the browser creates a passkey, and keeps the dialog on a wrong one', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<SecondFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Your password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url === '/api/user/second-factor/passkeys/options').map((c) => c.body),
    ).toEqual([{ password: 'not it' }]);
    expect(calls.some((c) => c.url === '/api/user/second-factor/passkeys')).toBe(false);
  });
});
