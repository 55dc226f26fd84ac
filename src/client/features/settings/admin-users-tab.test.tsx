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

async function openInvite(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Invite User' }));
  return within(await screen.findByRole('dialog', { name: 'Invite User' }));
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
  it('lists the staff with their role by name, Last Active shown as Active, and Edit', async () => {
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
    ).toEqual(['boss@example.com', 'Admin', 'Active', 'Edit boss@example.com']);
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
      'boss@example.comEdit boss@example.comAdminLast Active: Active',
      'helper@example.comEdit helper@example.comAdminLast Active: Active',
    ]);
  });
});

describe('Invite User', () => {
  it('asks for no password and starts at Viewer, each role named with what it may do', async () => {
    usersApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openInvite(user);
    expect(dialog.queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    const roles = dialog.getAllByRole('radio');
    expect(roles.map((r) => r.getAttribute('value'))).toEqual(['ADMIN', 'OPERATIONS', 'SUPPORT', 'VIEWER']);
    expect(dialog.getByRole('radio', { name: 'Viewer' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Viewer' })).toHaveAccessibleDescription(
      'Reads the dashboard, orders and customers; changes nothing.',
    );
    expect(dialog.getByRole('radio', { name: 'Admin' })).not.toBeChecked();
  });

  it('names a wrong e-mail under the field and sends nothing', async () => {
    const calls = usersApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openInvite(user);
    await user.type(dialog.getByLabelText('Email'), 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('sends the e-mail and the chosen role, toasts Invitation sent and closes', async () => {
    const calls = usersApi({
      'POST /api/settings/users/invite': (body) => ({
        status: 201,
        body: {
          id: 3,
          email: 'new@example.com',
          role: (body as { role: string }).role,
          expiresAt: '2026-06-08T10:00:00.000Z',
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openInvite(user);
    await user.type(dialog.getByLabelText('Email'), ' New@Example.com ');
    await user.click(dialog.getByRole('radio', { name: 'Operations' }));
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await expectToast('Invitation sent', 'new@example.com can choose a password within 7 days.');
    expect(sent(calls, 'POST')[0]?.body).toEqual({ email: 'new@example.com', role: 'OPERATIONS' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again.
    expect(calls.filter((c) => c.url === LIST).length).toBeGreaterThan(1);
  });

  it('a refusal toasts with the server’s message and keeps the form', async () => {
    usersApi({
      'POST /api/settings/users/invite': {
        status: 409,
        body: { code: 'EMAIL_IN_USE', message: 'This address already has an account.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminUsersTab />);
    const dialog = await openInvite(user);
    await user.type(dialog.getByLabelText('Email'), 'boss@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await expectToast('The invitation was not sent', 'This address already has an account.');
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
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin (');
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
    await chooseRole(user, dialog, 'Customer');
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
