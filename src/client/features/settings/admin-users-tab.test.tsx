import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../shared/schemas/customers.js';
import { mockApi, type RecordedCall, renderWithProviders, toasts } from '../../test/utils';
import { AdminUsersTab } from './admin-users-tab';

const LIST = '/api/admin/users?role=STAFF&page=1&pageSize=20';

function admin(id: number, email: string): AdminUser {
  return {
    id,
    email,
    role: 'ADMIN',
    firstName: null,
    lastName: null,
    lastActiveAt: '2026-05-01T10:00:00.000Z',
    createdAt: '2026-01-01T10:00:00.000Z',
    accountStatus: 'ACTIVE',
  };
}

const BOSS = admin(1, 'boss@example.com');
const HELPER = admin(2, 'helper@example.com');

function usersApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ [`GET ${LIST}`]: { body: { items: [BOSS, HELPER], total: 2 } }, ...routes });
}

const sent = (calls: RecordedCall[], method: string) =>
  calls.filter((c) => c.method === method && c.url !== LIST);

type User = ReturnType<typeof userEvent.setup>;

async function openAdd(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add User' }));
  return within(await screen.findByRole('dialog', { name: 'Add User' }));
}

async function fill(
  user: User,
  dialog: ReturnType<typeof within>,
  values: { email?: string; password?: string; confirm?: string },
) {
  const fields: Array<[string, string | undefined]> = [
    ['Email', values.email],
    [dialog.queryByLabelText('Password') ? 'Password' : 'New password', values.password],
    ['Confirm password', values.confirm],
  ];
  for (const [label, value] of fields) {
    if (value === undefined) continue;
    const input = dialog.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function chooseRole(user: User, dialog: ReturnType<typeof within>, role: string) {
  await user.click(dialog.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${role} \\(`) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function expectToast(title: string, description: string) {
  expect(await toasts().findByText(title)).toBeInTheDocument();
  expect(toasts().getByText(description)).toBeInTheDocument();
}

describe('Admin Users tab', () => {
  it('lists the ADMIN users with a role badge, Last Active shown as Active, and Edit', async () => {
    const calls = usersApi();
    renderWithProviders(<AdminUsersTab />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Role', 'Last Active', 'Actions']);
    const row = within(table)
      .getAllByRole('row')
      .find((r) => r.querySelector('td')?.textContent === 'boss@example.com') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['boss@example.com', 'ADMIN', 'Active', 'Edit boss@example.com']);
    expect(calls[0]?.url).toBe(LIST);
  });

  it('lists the same admins for phones, each with its Edit button', async () => {
    usersApi();
    renderWithProviders(<AdminUsersTab />);
    const list = await screen.findByRole('list', { name: 'Admin users' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual([
      'boss@example.comEdit boss@example.comADMINLast Active: Active',
      'helper@example.comEdit helper@example.comADMINLast Active: Active',
    ]);
  });
});

describe('Add User', () => {
  it('checks the passwords match first, even when the e-mail is missing too', async () => {
    const calls = usersApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openAdd(user);
    await fill(user, dialog, { password: 'secret1', confirm: 'secret2' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast("Passwords don't match", 'Please ensure both passwords are identical');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('then asks for a valid e-mail, even when the password is too short too', async () => {
    const calls = usersApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openAdd(user);
    await fill(user, dialog, { email: 'not-an-address', password: 'abc', confirm: 'abc' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('Email required', 'Please enter a valid email address');
    await fill(user, dialog, { email: '' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('Email required', 'Please enter a valid email address');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('then asks for at least 8 characters', async () => {
    const calls = usersApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openAdd(user);
    await fill(user, dialog, { email: 'new@example.com', password: 'seven77', confirm: 'seven77' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('Password too short', 'Password must be at least 8 characters');
    await fill(user, dialog, { password: '', confirm: '' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('Password too short', 'Password must be at least 8 characters');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('sends e-mail, password and the chosen role, toasts User created and closes', async () => {
    const calls = usersApi({
      'POST /api/settings/users/create': (body) => ({
        status: 201,
        body: { ...admin(3, 'new@example.com'), role: (body as { role: 'USER' }).role },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openAdd(user);
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveTextContent('ADMIN');
    await fill(user, dialog, { email: ' New@Example.com ', password: 'eight888', confirm: 'eight888' });
    await chooseRole(user, dialog, 'OPERATIONS');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('User created', 'new@example.com');
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      email: 'New@Example.com',
      password: 'eight888',
      role: 'OPERATIONS',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again.
    expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThan(1);
  });

  it('a refusal toasts Failed to create user with the server’s message and keeps the form', async () => {
    usersApi({
      'POST /api/settings/users/create': {
        status: 409,
        body: { message: 'Another account already uses this email address' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openAdd(user);
    await fill(user, dialog, { email: 'boss@example.com', password: 'eight888', confirm: 'eight888' });
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await expectToast('Failed to create user', 'Another account already uses this email address');
    expect(dialog.getByLabelText('Email')).toHaveValue('boss@example.com');
  });
});

describe('Edit User', () => {
  async function openEdit(user: User) {
    // jsdom applies no CSS, so the phone list renders beside the table: act through the table.
    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Edit helper@example.com' }),
    );
    return within(await screen.findByRole('dialog', { name: 'Edit User' }));
  }

  it('starts from the user’s e-mail and role; a blank password is not sent, so the current one stays', async () => {
    const calls = usersApi({
      'PUT /api/admin/users/2': (body) => ({ body: { ...HELPER, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openEdit(user);
    expect(dialog.getByLabelText('Email')).toHaveValue('helper@example.com');
    expect(dialog.getByLabelText('New password')).toHaveValue('');
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveTextContent('ADMIN');
    await fill(user, dialog, { email: 'helper2@example.com' });
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await expectToast('User updated', 'helper2@example.com');
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ email: 'helper2@example.com', role: 'ADMIN' });
  });

  it('applies the length rule only to an entered password, after the match and e-mail checks', async () => {
    const calls = usersApi({
      'PUT /api/admin/users/2': (body) => ({ body: { ...HELPER, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openEdit(user);
    const save = () => user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await fill(user, dialog, { email: 'bad', password: 'abc', confirm: 'abd' });
    await save();
    await expectToast("Passwords don't match", 'Please ensure both passwords are identical');
    await fill(user, dialog, { confirm: 'abc' });
    await save();
    await expectToast('Email required', 'Please enter a valid email address');
    await fill(user, dialog, { email: 'helper@example.com' });
    await save();
    await expectToast('Password too short', 'Password must be at least 8 characters');
    expect(sent(calls, 'PUT')).toHaveLength(0);

    await fill(user, dialog, { password: 'longer12', confirm: 'longer12' });
    await chooseRole(user, dialog, 'USER');
    await save();
    await expectToast('User updated', 'helper@example.com');
    expect(sent(calls, 'PUT')[0]?.body).toEqual({
      email: 'helper@example.com',
      password: 'longer12',
      role: 'USER',
    });
  });

  it('a refusal toasts Failed to update user with the server’s message', async () => {
    usersApi({
      'PUT /api/admin/users/2': { status: 409, body: { message: 'At least one admin must remain' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openEdit(user);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Failed to update user', 'At least one admin must remain');
  });
});
