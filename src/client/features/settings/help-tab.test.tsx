import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, entriesOf, settingsApi } from '../../test/admin-settings';
import { renderApp, toasts } from '../../test/utils';

const saved = [
  {
    id: 'follow-order',
    question: { en: 'How do I follow my order?', es: '¿Cómo sigo mi pedido?', fr: '' },
    answer: { en: 'Open My Orders.', es: 'Abre Mis pedidos.', fr: '' },
  },
  {
    id: 'deposit',
    question: { en: 'How do I pay the deposit?', es: '', fr: '' },
    answer: { en: 'By card.', es: '', fr: '' },
  },
];

function helpApi() {
  return settingsApi({
    'GET /api/settings/help': entriesOf('help', { helpEntries: saved }),
    'POST /api/settings/help/batch': { body: { message: 'Settings saved' } },
  });
}

describe('Settings → Help', () => {
  it('edits, reorders, removes and adds questions in three languages, and saves the list', async () => {
    const user = userEvent.setup();
    const calls = helpApi();
    renderApp('/admin/settings?tab=help');

    const first = await screen.findByRole('group', { name: 'Question 1: How do I follow my order?' });
    expect(within(first).getByLabelText('Question (Spanish)')).toHaveValue('¿Cómo sigo mi pedido?');
    await user.type(within(first).getByLabelText('Question (French)'), 'Comment suivre ma commande ?');

    await user.click(screen.getByRole('button', { name: 'Move Question 2 up' }));
    expect(screen.getByRole('group', { name: 'Question 1: How do I pay the deposit?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Question 1' }));

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    const added = screen.getByRole('group', { name: 'Question 2' });
    await user.type(within(added).getByLabelText('Question (English)'), 'When are you open?');
    await user.type(within(added).getByLabelText('Answer (English)'), 'Monday to Friday.');

    await user.click(screen.getByRole('button', { name: 'Save Help' }));
    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    const bodies = callsTo(calls, 'POST', '/api/settings/help/batch').map((call) => call.body);
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as { helpEntries: unknown }).helpEntries).toEqual([
      {
        ...saved[0],
        question: {
          en: 'How do I follow my order?',
          es: '¿Cómo sigo mi pedido?',
          fr: 'Comment suivre ma commande ?',
        },
      },
      {
        id: expect.stringMatching(/^q-[0-9a-f]{8}$/),
        question: { en: 'When are you open?', es: '', fr: '' },
        answer: { en: 'Monday to Friday.', es: '', fr: '' },
      },
    ]);
  });

  it('names a question with no English text at its field and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = helpApi();
    renderApp('/admin/settings?tab=help');
    await user.click(await screen.findByRole('button', { name: 'Add Question' }));
    await user.click(screen.getByRole('button', { name: 'Save Help' }));
    const added = screen.getByRole('group', { name: 'Question 3' });
    expect(await within(added).findByText('Enter the question in English')).toBeInTheDocument();
    expect(within(added).getByText('Enter the answer in English')).toBeInTheDocument();
    expect(within(added).getByLabelText('Question (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/api/settings/help/batch')).toEqual([]);
  });
});
