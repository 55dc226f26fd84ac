import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchTextsLocale } from '../../lib/texts';
import { makeUser, mockApi, renderApp, sessionRoute, toasts } from '../../test/utils';

const EMAIL = 'ann@example.com';
const visitor = { 'GET /api/auth/session': sessionRoute(null) };

async function enterEmail(user: ReturnType<typeof userEvent.setup>, email = EMAIL) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

function bodiesOf(calls: ReturnType<typeof mockApi>, method: string, url: string) {
  return calls.filter((c) => c.method === method && c.url === url).map((c) => c.body);
}

describe('sign-in: email step', () => {
  it('rejects an invalid email under the field without calling the server', async () => {
    const calls = mockApi(visitor);
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user, 'not-an-email');

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toHaveLength(0);
  });

  it('toasts the server message when the email check fails', async () => {
    mockApi({
      ...visitor,
      'POST /api/auth/verify-email': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
      },
    });
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);

    expect(await toasts().findByText('Failed to verify email')).toBeInTheDocument();
    expect(toasts().getByText('Too many requests. Please try again later.')).toBeInTheDocument();
  });
});

describe('sign-in: existing user with a password', () => {
  function existingUserApi(role: 'USER' | 'ADMIN' = 'USER') {
    return mockApi({
      ...visitor,
      'POST /api/auth/verify-email': (body) => ({
        body: {
          userExists: true,
          needsPassword: false,
          ...((body as { sendCode?: boolean }).sendCode && { codeSent: true }),
        },
      }),
      'POST /api/auth/login': (body) =>
        (body as { password: string }).password === 'right-password'
          ? { body: { ok: true } }
          : { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } },
      'POST /api/auth/verify-code': (body) =>
        (body as { code: string }).code === '123456'
          ? { body: { user: makeUser({ role, firstName: role === 'ADMIN' ? 'Ada' : 'Ann' }) } }
          : { status: 400, body: { code: 'CODE_INVALID', message: 'Invalid verification code' } },
    });
  }

  it('asks for the password, then a code, and signs a USER in to /', async () => {
    const calls = existingUserApi();
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user, '  Ann@Example.com ');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await toasts().findByText('Sign-in failed')).toBeInTheDocument();
    expect(toasts().getByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Verification code');
    expect(toasts().getByText('Verification code sent')).toBeInTheDocument();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Verification code must be 6 digits')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await toasts().findByText('Verification failed')).toBeInTheDocument();
    expect(toasts().getByText('Invalid verification code')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: /, Ann$/ })).toBeInTheDocument();
    expect(toasts().getByText('Signed in')).toBeInTheDocument();
    expect(toasts().getByText(`Welcome back, ${EMAIL}`)).toBeInTheDocument();

    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toEqual([
      { email: EMAIL },
      { email: EMAIL, sendCode: true },
    ]);
    expect(bodiesOf(calls, 'POST', '/api/auth/login')).toEqual([
      { email: EMAIL, password: 'wrong-password', noSession: true },
      { email: EMAIL, password: 'right-password', noSession: true },
    ]);
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-code')).toEqual([
      { email: EMAIL, code: '654321', login: true },
      { email: EMAIL, code: '123456', login: true },
    ]);
  });

  it('sends an ADMIN to /admin', async () => {
    existingUserApi('ADMIN');
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('resends the code and says so', async () => {
    const calls = existingUserApi();
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await toasts().findByText('Code resent')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toHaveLength(3);
  });

  it('goes back from the password step to the email step', async () => {
    existingUserApi();
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));

    expect(await screen.findByLabelText('Email')).toHaveValue(EMAIL);
  });
});

describe('sign-in: new and pending users', () => {
  function newUserApi(pending: boolean) {
    return mockApi({
      ...visitor,
      'POST /api/auth/verify-email': { body: { userExists: pending, needsPassword: true } },
      'POST /api/auth/set-password': (body) => ({
        body: { user: makeUser({ email: (body as { email: string }).email }) },
      }),
    });
  }

  it('creates a new account: password rules under the fields, code, then set-password', async () => {
    const calls = newUserApi(false);
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'short');
    await user.type(confirm, 'other');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toHaveLength(1);

    await user.clear(confirm);
    await user.type(confirm, 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: /, Ann$/ })).toBeInTheDocument();
    expect(toasts().getByText('Account created successfully')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toEqual([
      { email: EMAIL },
      { email: EMAIL, sendCode: true },
    ]);
    expect(bodiesOf(calls, 'POST', '/api/auth/set-password')).toEqual([
      { email: EMAIL, password: 'long-enough', confirmPassword: 'long-enough', code: '246810' },
    ]);
  });

  it('sets up a pending account and says the password was set', async () => {
    newUserApi(true);
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));

    expect(await toasts().findByText('Password set successfully')).toBeInTheDocument();
  });

  it('names the failure when the account cannot be created', async () => {
    mockApi({
      ...visitor,
      'POST /api/auth/verify-email': { body: { userExists: false, needsPassword: true } },
      'POST /api/auth/set-password': {
        status: 400,
        body: { code: 'CODE_INVALID', message: 'Invalid verification code' },
      },
    });
    const user = userEvent.setup();
    renderApp('/auth');

    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await toasts().findByText('Failed to create account')).toBeInTheDocument();
    expect(toasts().getByText('Invalid verification code')).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  async function openForgotPassword(user: ReturnType<typeof userEvent.setup>) {
    await enterEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
  }

  function forgotApi(status: 'ACTIVE' | 'PENDING' | 'NOT_FOUND') {
    return mockApi({
      ...visitor,
      'POST /api/auth/verify-email': { body: { userExists: true, needsPassword: false } },
      'POST /api/auth/forgot-password': { body: { email: EMAIL, status } },
      'POST /api/auth/verify-code': (body) =>
        (body as { code: string }).code === '135790'
          ? { body: { valid: true } }
          : { status: 400, body: { code: 'CODE_INVALID', message: 'Invalid verification code' } },
      'POST /api/auth/reset-password': { body: { message: 'Password reset' } },
      'POST /api/auth/set-password': { body: { user: makeUser() } },
    });
  }

  it('shows the alert and the toast for an unknown email', async () => {
    forgotApi('NOT_FOUND');
    const user = userEvent.setup();
    renderApp('/auth');

    await openForgotPassword(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't find an account with that email address. Please check your spelling or create a new account.",
    );
    expect(toasts().getByText('Email not found')).toBeInTheDocument();
    expect(toasts().getByText('No account exists with this email address')).toBeInTheDocument();
  });

  it('toasts a failed request', async () => {
    mockApi({
      ...visitor,
      'POST /api/auth/verify-email': { body: { userExists: true, needsPassword: false } },
      'POST /api/auth/forgot-password': { status: 500, body: { message: 'Internal error' } },
    });
    const user = userEvent.setup();
    renderApp('/auth');

    await openForgotPassword(user);

    expect(await toasts().findByText('Failed to process request')).toBeInTheDocument();
    expect(toasts().getByText('Please try again later')).toBeInTheDocument();
  });

  it('resets the password of an ACTIVE account and returns to the password step', async () => {
    const calls = forgotApi('ACTIVE');
    const user = userEvent.setup();
    renderApp('/auth');

    await openForgotPassword(user);
    const code = await screen.findByLabelText('Verification code');

    await user.type(code, '1a3-5');
    expect(code).toHaveValue('135');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await toasts().findByText('Invalid code')).toBeInTheDocument();
    expect(toasts().getByText('Please enter a valid 6-digit verification code')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-code')).toHaveLength(0);

    await user.type(code, '7901234');
    expect(code).toHaveValue('135790');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(toasts().getByText('Verification successful')).toBeInTheDocument();

    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await toasts().findByText('Password too short')).toBeInTheDocument();
    expect(toasts().getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await user.type(password, '-but-now-long');
    await user.type(confirm, 'something-else');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await toasts().findByText("Passwords don't match")).toBeInTheDocument();
    expect(toasts().getByText('Please make sure your passwords match')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'short-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Enter your password' })).toBeInTheDocument();
    expect(toasts().getByText('Password reset successful')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/forgot-password')).toEqual([{ email: EMAIL }]);
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-code')).toEqual([
      { email: EMAIL, code: '135790', reset: true },
    ]);
    expect(bodiesOf(calls, 'POST', '/api/auth/reset-password')).toEqual([
      { email: EMAIL, password: 'short-but-now-long', confirmPassword: 'short-but-now-long', code: '135790' },
    ]);
  });

  it('toasts a rejected code', async () => {
    forgotApi('ACTIVE');
    const user = userEvent.setup();
    renderApp('/auth');

    await openForgotPassword(user);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    expect(await toasts().findByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
  });

  it('sets up a PENDING account from the code and signs it in', async () => {
    const calls = forgotApi('PENDING');
    const user = userEvent.setup();
    renderApp('/auth');

    await openForgotPassword(user);
    await user.type(await screen.findByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));

    expect(await screen.findByRole('heading', { level: 1, name: /, Ann$/ })).toBeInTheDocument();
    expect(toasts().getByText('Account setup complete')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(calls, 'POST', '/api/auth/set-password')).toEqual([
        { email: EMAIL, password: 'long-enough', confirmPassword: 'long-enough', code: '135790' },
      ]),
    );
  });

  it('opens at the code step from the link of a reset an admin started, without sending another code', async () => {
    const calls = forgotApi('ACTIVE');
    const user = userEvent.setup();
    renderApp(`/auth?reset=${encodeURIComponent(EMAIL)}&status=ACTIVE`);

    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/forgot-password')).toHaveLength(0);
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-code')).toEqual([
      { email: EMAIL, code: '135790', reset: true },
    ]);
  });

  it('ignores a reset link without a known account status', async () => {
    forgotApi('ACTIVE');
    renderApp(`/auth?reset=${encodeURIComponent(EMAIL)}&status=ADMIN`);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });
});

describe('sign-in: staff with a second factor', () => {
  function staffApi() {
    return mockApi({
      ...visitor,
      'POST /api/auth/verify-email': { body: { userExists: true, needsPassword: false } },
      'POST /api/auth/login': { body: { ok: true, secondFactor: { totp: true, passkey: false } } },
      'POST /api/auth/second-factor': (body) => {
        const { method, code } = body as { method: string; code: string };
        return (method === 'totp' && code === '246810') || (method === 'recovery' && code === 'abcde-fghjk')
          ? { body: { user: makeUser({ role: 'ADMIN', firstName: 'Ada' }) } }
          : {
              status: 400,
              body: { message: 'That did not work. Check the code or try your passkey again.' },
            };
      },
    });
  }

  async function toFactorStep(user: ReturnType<typeof userEvent.setup>) {
    renderApp('/auth');
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return screen.findByLabelText('Code from your authenticator app');
  }

  it('asks for the app code instead of mailing one, and signs in with it', async () => {
    const calls = staffApi();
    const user = userEvent.setup();
    const field = await toFactorStep(user);
    expect(bodiesOf(calls, 'POST', '/api/auth/verify-email')).toEqual([{ email: EMAIL }]);

    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('That did not work. Check the code or try your passkey again.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await toasts().findByText('Signed in')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/second-factor').at(-1)).toEqual({
      email: EMAIL,
      method: 'totp',
      code: '246810',
    });
  });

  it('speaks the page’s language, like the steps before it', async () => {
    staffApi();
    await switchTextsLocale('es');
    try {
      const user = userEvent.setup();
      renderApp('/auth');
      await user.type(await screen.findByLabelText('Correo electrónico'), EMAIL);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      await user.type(await screen.findByLabelText('Contraseña'), 'right-password');
      await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect(await screen.findByRole('heading', { name: 'Confirma que eres tú' })).toBeInTheDocument();
      const field = screen.getByLabelText('Código de tu aplicación de autenticación');
      await user.type(field, '12');
      await user.click(screen.getByRole('button', { name: 'Verificar e iniciar sesión' }));
      expect(
        await screen.findByText('Escribe el código de 6 dígitos de tu aplicación de autenticación'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Usar un código de recuperación' })).toBeInTheDocument();
    } finally {
      await switchTextsLocale('en');
    }
  });

  it('takes a recovery code instead', async () => {
    const calls = staffApi();
    const user = userEvent.setup();
    await toFactorStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await toasts().findByText('Signed in')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/second-factor').at(-1)).toMatchObject({ method: 'recovery' });
  });
});

describe('sign-in: a staff invitation link', () => {
  const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';

  it('names the address and the role with what it may do, sets the chosen password, then asks to sign in', async () => {
    const calls = mockApi({
      ...visitor,
      'POST /api/auth/invitations/lookup': {
        body: { email: 'new@example.com', role: 'SUPPORT', expiresAt: '2026-06-08T10:00:00.000Z' },
      },
      'POST /api/auth/invitations/accept': { body: { email: 'new@example.com' } },
    });
    const user = userEvent.setup();
    renderApp(`/auth?invitation=${TOKEN}`);

    expect(await screen.findByText('Your role: Support')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Reads orders and customers, writes notes and messages, and sends customers password resets.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    // The token does not stay in the address.
    expect(window.location.search).toBe('');

    await user.type(screen.getByLabelText('Password'), 'my own pass 42');
    await user.type(screen.getByLabelText('Confirm password'), 'my own pass 42');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await toasts().findByText('Password set')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/auth/invitations/accept')).toEqual([
      { token: TOKEN, password: 'my own pass 42' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Enter your password' })).toBeInTheDocument();
  });

  it('says why a used link cannot be used and offers the ordinary sign-in', async () => {
    mockApi({
      ...visitor,
      'POST /api/auth/invitations/lookup': {
        status: 409,
        body: { code: 'INVITATION_USED', message: 'This invitation was already used.' },
      },
    });
    const user = userEvent.setup();
    renderApp(`/auth?invitation=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This invitation was already used. Sign in with the password you chose.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
