import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SECRET_MASK } from '../../../shared/schemas/settings.js';
import { callsTo, entriesOf, heldReply, settingsApi } from '../../test/admin-settings';
import { publicConfig } from '../../test/public-config';
import { renderApp, toasts } from '../../test/utils';

function tab(name: string) {
  return screen.findByRole('tab', { name });
}

describe('Settings page', () => {
  it('shows the nine tabs and opens General first', async () => {
    settingsApi();
    renderApp('/admin/settings');
    // The first render loads the admin shell and page chunks, slow on a busy machine.
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'General',
      'Notifications',
      'Integrations',
      'Admin Users',
      'API Keys',
      'Service Areas',
      'Delivery Estimates',
      'Security',
      'Financing',
      'Help',
    ]);
    expect(await tab('General')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Company Name')).toHaveValue('OrderFlow');
  });

  it('opens the tab named in the address and keeps the chosen tab there', async () => {
    settingsApi();
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=notifications');
    expect(await tab('Notifications')).toHaveAttribute('aria-selected', 'true');
    await user.click(await tab('Integrations'));
    expect(await screen.findByRole('button', { name: 'Save Integrations' })).toBeInTheDocument();
    expect(await tab('Integrations')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('General', () => {
  it('loads the saved values into labelled fields, the theme not among them', async () => {
    settingsApi({
      'GET /api/settings/general': entriesOf('general', {
        companyName: 'Acme Homes',
        contactEmail: 'hello@acme.example',
        brandColor: '#0f766e',
        faqUrl: 'https://acme.example/faq',
      }),
    });
    renderApp('/admin/settings');
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Acme Homes');
    expect(screen.getByLabelText('Contact Email')).toHaveValue('hello@acme.example');
    expect(screen.getByLabelText('Brand Color')).toHaveValue('#0f766e');
    expect(screen.getByLabelText('Brand color picker')).toHaveValue('#0f766e');
    expect(screen.getByLabelText('Help & Support (FAQ) URL')).toHaveValue('https://acme.example/faq');
    // Unset by default: the portal then hides the store buttons (decision 266).
    expect(screen.getByLabelText('Store URL')).toHaveValue('');
    expect(screen.getByLabelText('Members Area URL')).toHaveValue('/');
    expect(screen.queryByLabelText(/theme/i)).not.toBeInTheDocument();
  });

  it("shows 'Saving...', then the green banner for 3 s and the 'Settings saved' toast", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const held = heldReply({ message: 'Settings saved' });
    const calls = settingsApi({ 'POST /api/settings/general/batch': held.route });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/admin/settings');

    const name = await screen.findByLabelText('Company Name');
    await user.clear(name);
    await user.type(name, 'Acme Homes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await act(async () => held.release());
    expect(await screen.findByText('Settings saved successfully.')).toBeInTheDocument();
    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

    expect(callsTo(calls, 'POST', '/api/settings/general/batch').map((c) => c.body)).toEqual([
      {
        companyName: 'Acme Homes',
        contactEmail: '',
        brandColor: '#4f46e5',
        faqUrl: '',
        storeUrl: '',
        membersAreaUrl: '/',
      },
    ]);

    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Settings saved successfully.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Settings saved successfully.')).not.toBeInTheDocument();
    await waitFor(() => expect(toasts().queryByText('Settings saved')).not.toBeInTheDocument());
  });

  it('reloads the public configuration after saving, so the new name and colour apply at once', async () => {
    let companyName = 'OrderFlow';
    const calls = settingsApi({
      'GET /api/config': () => publicConfig({ companyName }),
      'POST /api/settings/general/batch': () => {
        companyName = 'Acme Homes';
        return { body: { message: 'Settings saved' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const name = await screen.findByLabelText('Company Name');
    await user.clear(name);
    await user.type(name, 'Acme Homes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await toasts().findByText('Settings saved');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/config').length).toBeGreaterThanOrEqual(2));
    const sidebar = screen.getAllByRole('complementary')[0] ?? document.body;
    expect(await within(sidebar).findByText('Acme Homes')).toBeInTheDocument();
  });

  it('keeps the colour picker and the hex field in step', async () => {
    settingsApi();
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const hex = await screen.findByLabelText('Brand Color');
    await user.clear(hex);
    await user.type(hex, '#0F766E');
    expect(screen.getByLabelText('Brand color picker')).toHaveValue('#0f766e');
  });

  it('names bad values at their fields and does not call the server', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const name = await screen.findByLabelText('Company Name');
    await user.clear(name);
    const hex = screen.getByLabelText('Brand Color');
    await user.clear(hex);
    await user.type(hex, 'teal');
    await user.type(screen.getByLabelText('Contact Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Use a colour such as #4f46e5')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand Color')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/api/settings/general/batch')).toHaveLength(0);
  });

  it("toasts 'Failed to save settings' with the server's message and shows its field message", async () => {
    settingsApi({
      'POST /api/settings/general/batch': {
        status: 400,
        body: { message: 'Invalid general settings', fields: { storeUrl: 'The store refused this address' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Failed to save settings')).toBeInTheDocument();
    expect(toasts().getByText('Invalid general settings')).toBeInTheDocument();
    expect(screen.getByText('The store refused this address')).toBeInTheDocument();
    expect(screen.queryByText('Settings saved successfully.')).not.toBeInTheDocument();
  });

  it("falls back to 'An error occurred' when the server gives no message", async () => {
    settingsApi({ 'POST /api/settings/general/batch': { status: 500 } });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toasts().findByText('Failed to save settings')).toBeInTheDocument();
    expect(toasts().getByText('An error occurred')).toBeInTheDocument();
  });
});

describe('Notifications', () => {
  it("loads the toggles and saves them with 'Save Preferences'", async () => {
    const calls = settingsApi({
      'GET /api/settings/notifications': entriesOf('notifications', { paymentProcessing: false }),
      'POST /api/settings/notifications/batch': { body: { message: 'Settings saved' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=notifications');

    const alerts = await screen.findByRole('switch', { name: 'New Order Alerts' });
    expect(alerts).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Payment Processing' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Document Signing' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Customer Messages' })).toBeChecked();

    await user.click(alerts);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByText('Settings saved successfully.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/settings/notifications/batch').map((c) => c.body)).toEqual([
      {
        newOrderAlerts: false,
        paymentProcessing: false,
        documentSigning: true,
        customerMessages: true,
        confirmWebhookOrders: true,
        confirmAdminOrders: true,
      },
    ]);
  });
});

describe('Integrations', () => {
  const saved = {
    webflowApiKey: `${SECRET_MASK}a1b2`,
    webflowSiteId: 'site-123',
    webflowVerified: false,
    stripeEnabled: true,
    stripePublicKey: 'pk_test_abc',
    stripeSecretKey: `${SECRET_MASK}9z8y`,
    zapierWebhookUrl: 'https://hooks.zapier.example/catch/1',
  };

  it('shows the connection status, the masked read-only key and the saved values', async () => {
    settingsApi({ 'GET /api/settings/integrations': entriesOf('integrations', saved) });
    renderApp('/admin/settings?tab=integrations');

    expect(await screen.findByText('Not Verified')).toBeInTheDocument();
    const apiKey = screen.getByLabelText('API Key');
    expect(apiKey).toHaveValue(`${SECRET_MASK}a1b2`);
    expect(apiKey).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Site ID')).toHaveValue('site-123');
    expect(screen.getByLabelText('Automation Webhook URL')).toHaveValue(
      'https://hooks.zapier.example/catch/1',
    );
    expect(screen.getByRole('switch', { name: 'Enable card payments' })).toBeChecked();
    expect(screen.getByLabelText('Publishable Key')).toHaveValue('pk_test_abc');
    const secret = screen.getByLabelText('Secret Key');
    expect(secret).toHaveValue(`${SECRET_MASK}9z8y`);
    expect(secret).toHaveAttribute('type', 'password');
  });

  it("says 'Connected' once the website builder's key is verified", async () => {
    settingsApi({ 'GET /api/settings/integrations': entriesOf('integrations', { webflowVerified: true }) });
    renderApp('/admin/settings?tab=integrations');
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText('Not Verified')).not.toBeInTheDocument();
  });

  it('shows and hides the secret key', async () => {
    settingsApi({ 'GET /api/settings/integrations': entriesOf('integrations', saved) });
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=integrations');
    const show = await screen.findByRole('button', { name: 'Show secret key' });
    await user.click(show);
    expect(screen.getByLabelText('Secret Key')).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    await user.click(show);
    expect(screen.getByLabelText('Secret Key')).toHaveAttribute('type', 'password');
  });

  it('sends an untouched secret back masked (kept by the server) and skips the Stripe key update', async () => {
    const calls = settingsApi({
      'GET /api/settings/integrations': entriesOf('integrations', saved),
      'POST /api/settings/integrations/batch': { body: { message: 'Settings saved' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=integrations');
    const siteId = await screen.findByLabelText('Site ID');
    await user.clear(siteId);
    await user.type(siteId, 'site-456');
    await user.click(screen.getByRole('button', { name: 'Save Integrations' }));

    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/stripe/update-key')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/settings/integrations/batch').map((c) => c.body)).toEqual([
      {
        webflowSiteId: 'site-456',
        zapierWebhookUrl: 'https://hooks.zapier.example/catch/1',
        stripeEnabled: true,
        stripePublicKey: 'pk_test_abc',
        stripeSecretKey: `${SECRET_MASK}9z8y`,
        stripeWebhookSecret: '',
        allowBackwardMoves: false,
      },
    ]);
  });

  it('sends a newly typed secret to the Stripe key update first, then saves the tab', async () => {
    const calls = settingsApi({
      'GET /api/settings/integrations': entriesOf('integrations', saved),
      'POST /api/stripe/update-key': { body: { message: 'Stripe key updated' } },
      'POST /api/settings/integrations/batch': { body: { message: 'Settings saved' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=integrations');
    const secret = await screen.findByLabelText('Secret Key');
    await user.clear(secret);
    await user.type(secret, 'sk_test_newKey1234');
    await user.click(screen.getByRole('button', { name: 'Save Integrations' }));

    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    const order = calls
      .filter((c) => c.method === 'POST')
      .map((c) => [
        c.url,
        (c.body as Record<string, unknown>).key ?? (c.body as Record<string, unknown>).stripeSecretKey,
      ]);
    expect(order).toEqual([
      ['/api/stripe/update-key', 'sk_test_newKey1234'],
      ['/api/settings/integrations/batch', 'sk_test_newKey1234'],
    ]);
  });

  it('only logs a failed Stripe key update and still saves the tab', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = settingsApi({
      'GET /api/settings/integrations': entriesOf('integrations', saved),
      'POST /api/stripe/update-key': { status: 400, body: { message: 'Invalid API key' } },
      'POST /api/settings/integrations/batch': { body: { message: 'Settings saved' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=integrations');
    const secret = await screen.findByLabelText('Secret Key');
    await user.clear(secret);
    await user.type(secret, 'sk_test_badKey1234');
    await user.click(screen.getByRole('button', { name: 'Save Integrations' }));

    expect(await toasts().findByText('Settings saved')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Updating the Stripe key failed', expect.any(Error));
    expect(callsTo(calls, 'POST', '/api/settings/integrations/batch')).toHaveLength(1);
  });

  it('names a bad webhook address at its field', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    renderApp('/admin/settings?tab=integrations');
    await user.type(await screen.findByLabelText('Automation Webhook URL'), 'hooks.zapier.com/x');
    await user.click(screen.getByRole('button', { name: 'Save Integrations' }));
    expect(await screen.findByText('Enter an http(s) address')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/settings/integrations/batch')).toHaveLength(0);
  });
});
