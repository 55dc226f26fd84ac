import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

it('keeps the back office in English when the browser speaks Spanish', async () => {
  await changeLocale('es');
  mockApi({ 'GET /api/auth/session': sessionRoute(makeUser({ role: 'ADMIN' })) });
  renderApp('/admin/settings');
  const sidebar = within(await screen.findByRole('complementary'));
  expect(await sidebar.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(sidebar.getByText('Dark Mode')).toBeInTheDocument();
});
