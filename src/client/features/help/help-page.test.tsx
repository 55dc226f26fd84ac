import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';
import { matchesHelp } from './search';

const page = {
  locale: 'en',
  contactEmail: 'hello@acme.example',
  items: [
    { id: 'follow-order', question: 'How do I follow my order?', answer: 'My Orders lists your orders.' },
    { id: 'deposit', question: 'How do I pay the deposit?', answer: 'Pay by card on a secure page.' },
  ],
};

function helpApi() {
  return mockApi({
    'GET /api/auth/session': sessionRoute(makeUser()),
    'GET /api/help?locale=en': { body: page },
  });
}

describe('the help page', () => {
  it('lists the questions, opens an answer, and says how to reach the company', async () => {
    const user = userEvent.setup();
    const calls = helpApi();
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeInTheDocument();
    const question = await screen.findByRole('button', { name: 'How do I follow my order?' });
    expect(screen.getByRole('status')).toHaveTextContent('2 questions');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('My Orders lists your orders.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'hello@acme.example' })).toHaveAttribute(
      'href',
      'mailto:hello@acme.example',
    );
    expect(calls.filter((call) => call.url.startsWith('/api/help'))).toHaveLength(1);
  });

  it('searches questions and answers, opening every match, and says when nothing matches', async () => {
    const user = userEvent.setup();
    helpApi();
    renderApp('/help');
    const search = await screen.findByRole('searchbox', { name: 'Search help' });
    await screen.findByRole('button', { name: 'How do I pay the deposit?' });
    await user.type(search, 'card');
    expect(screen.getByRole('status')).toHaveTextContent('1 question matches “card”.');
    expect(screen.queryByRole('button', { name: 'How do I follow my order?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'How do I pay the deposit?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.clear(search);
    await user.type(search, 'yacht');
    expect(screen.getByRole('status')).toHaveTextContent('No questions match “yacht”.');
    expect(within(screen.getByRole('main')).queryAllByRole('button', { expanded: false })).toHaveLength(0);
  });

  it('matches every word, without regard to case or accents', () => {
    const entry = { question: '¿Cómo pago el depósito?', answer: 'Con tarjeta, en una página segura.' };
    expect(matchesHelp(entry, 'DEPOSITO tarjeta')).toBe(true);
    expect(matchesHelp(entry, 'deposito transferencia')).toBe(false);
    expect(matchesHelp(entry, '  ')).toBe(true);
  });
});
