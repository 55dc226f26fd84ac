import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '../../test/public-config';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

function at(hour: number, minute = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 2, hour, minute));
}

describe('home page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, 0, 'Good morning, Ann'],
    [11, 59, 'Good morning, Ann'],
    [12, 0, 'Good afternoon, Ann'],
    [17, 59, 'Good afternoon, Ann'],
    [18, 0, 'Good evening, Ann'],
    [23, 30, 'Good evening, Ann'],
  ])('greets at %i:%i with "%s"', async (hour, minute, greeting) => {
    at(hour, minute);
    mockApi({ 'GET /api/auth/user': sessionRoute(makeUser()) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(greeting);
  });

  it('says "there" when the user has no first name', async () => {
    at(9);
    mockApi({ 'GET /api/auth/user': sessionRoute(makeUser({ firstName: null })) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Good morning, there');
  });

  it('links the three cards to orders, account and the configured FAQ in a new tab', async () => {
    mockApi({
      'GET /api/auth/user': sessionRoute(makeUser()),
      'GET /api/config': publicConfig({ faqUrl: 'https://help.acme.example/faq' }),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /^My Orders/ })).toHaveAttribute('href', '/orders');
    expect(main.getByRole('link', { name: /^Account Information/ })).toHaveAttribute('href', '/account');
    const help = main.getByRole('link', { name: /^Help & Support/ });
    expect(help).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(help).toHaveAttribute('href', 'https://help.acme.example/faq'));
  });
});
