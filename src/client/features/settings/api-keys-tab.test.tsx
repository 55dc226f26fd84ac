import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../shared/schemas/api-keys.js';
import { callsTo, settingsApi } from '../../test/admin-settings';
import { renderApp, toasts } from '../../test/utils';
import { AUTOMATION_SERVICE_URL } from './api-keys-tab';

const ZAPIER: ApiKey = {
  id: 3,
  name: 'Zapier',
  prefix: 'ofk_Ab12',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
};
const WEBSITE: ApiKey = {
  id: 4,
  name: 'Website builder',
  prefix: 'ofk_Cd34',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: '2026-03-05T08:00:00.000Z',
};

function openTab() {
  renderApp('/admin/settings?tab=api-keys');
}

describe('API Keys', () => {
  it('shows the security note and each active key by name and prefix, never the whole key', async () => {
    settingsApi({ 'GET /api/admin/api-keys': { body: [ZAPIER, WEBSITE] } });
    openTab();
    // The first render loads the admin shell and page chunks, slow on a busy machine.
    expect(await screen.findByText('Keep your API keys secret.')).toBeInTheDocument();
    const items = within(await screen.findByRole('region', { name: 'Active keys (2)' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Zapierofk_Ab12….*Last used never/),
      expect.stringMatching(/^Website builderofk_Cd34….*Last used \S+/),
    ]);
  });

  it('says so when there is no key', async () => {
    settingsApi();
    openTab();
    expect(await screen.findByText('No API keys yet. Generate one to connect a system.')).toBeInTheDocument();
  });

  it("asks for a name, generates the key, toasts 'New API key generated' and shows the key once, hidden until asked", async () => {
    const created = { ...ZAPIER, key: 'ofk_Ab12cdEFghIJklMNopQRstUV' };
    const calls = settingsApi({ 'POST /api/admin/api-keys': { status: 201, body: created } });
    const user = userEvent.setup();
    openTab();

    await user.click(await screen.findByRole('button', { name: 'Generate New Key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Generate New Key' }));
    await user.type(dialog.getByLabelText('Key Name'), 'Zapier');
    await user.click(dialog.getByRole('button', { name: 'Generate Key' }));

    expect(await toasts().findByText('New API key generated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/api-keys').map((c) => c.body)).toEqual([{ name: 'Zapier' }]);

    const panel = within(screen.getByRole('region', { name: 'New key “Zapier”' }));
    const field = panel.getByLabelText('API Key');
    expect(field).toHaveValue(created.key);
    expect(field).toHaveAttribute('type', 'password');
    await user.click(panel.getByRole('button', { name: 'Show API key' }));
    expect(field).toHaveAttribute('type', 'text');

    await user.click(panel.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(created.key)).not.toBeInTheDocument();
  });

  it('copies the new key to the clipboard', async () => {
    const created = { ...ZAPIER, key: 'ofk_Ab12cdEFghIJklMNopQRstUV' };
    settingsApi({ 'POST /api/admin/api-keys': { status: 201, body: created } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Generate New Key' }));
    await user.type(await screen.findByLabelText('Key Name'), 'Zapier');
    await user.click(screen.getByRole('button', { name: 'Generate Key' }));
    await user.click(await screen.findByRole('button', { name: 'Copy Key' }));
    expect(writeText).toHaveBeenCalledWith(created.key);
    expect(await toasts().findByText('API key copied')).toBeInTheDocument();
  });

  it('requires a name before calling the server', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Generate New Key' }));
    await user.click(await screen.findByRole('button', { name: 'Generate Key' }));
    expect(await screen.findByText('Name the key')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/api-keys')).toHaveLength(0);
  });

  it("revokes a key after confirmation and toasts 'API key revoked'", async () => {
    let keys = [ZAPIER, WEBSITE];
    const calls = settingsApi({
      'GET /api/admin/api-keys': () => ({ body: keys }),
      'DELETE /api/admin/api-keys/3': () => {
        keys = [WEBSITE];
        return { body: { message: 'API key revoked' } };
      },
    });
    const user = userEvent.setup();
    openTab();

    await user.click(await screen.findByRole('button', { name: 'Revoke Key Zapier' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke “Zapier”?' }));
    await user.click(dialog.getByRole('button', { name: 'Revoke Key' }));

    expect(await toasts().findByText('API key revoked')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/admin/api-keys/3')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Active keys (1)' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Revoke Key Zapier' })).not.toBeInTheDocument();
  });

  it('does nothing when the revocation is cancelled', async () => {
    const calls = settingsApi({ 'GET /api/admin/api-keys': { body: [ZAPIER] } });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Revoke Key Zapier' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', '/api/admin/api-keys/3')).toHaveLength(0);
  });

  it("refuses to connect to the automation service without a key: 'API key required'", async () => {
    settingsApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    openTab();
    await screen.findByText('No API keys yet. Generate one to connect a system.');
    await user.click(screen.getByRole('button', { name: /Connect to automation service/ }));

    expect(await toasts().findByText('API key required')).toBeInTheDocument();
    expect(toasts().getByText('Please generate an API key before connecting to Zapier.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the automation service in a new tab when a key exists', async () => {
    settingsApi({ 'GET /api/admin/api-keys': { body: [ZAPIER] } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    openTab();
    await screen.findByRole('region', { name: 'Active keys (1)' });
    await user.click(screen.getByRole('button', { name: /Connect to automation service/ }));
    expect(open).toHaveBeenCalledWith(AUTOMATION_SERVICE_URL, '_blank', 'noopener,noreferrer');
  });
});
