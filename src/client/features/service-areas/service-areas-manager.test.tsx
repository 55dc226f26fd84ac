import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, heldReply, settingsApi } from '../../test/admin-settings';
import { renderApp, toasts } from '../../test/utils';

const AREAS = 'GET /api/admin/service-areas';

function openTab() {
  renderApp('/admin/settings?tab=service-areas');
}

function chips() {
  const list = screen.queryByRole('region', { name: 'Enabled ZIP codes' });
  return list
    ? within(list)
        .queryAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
}

describe('Service areas: the list', () => {
  it("shows the enabled codes as removable chips and the 'Total enabled areas' count", async () => {
    settingsApi({ [AREAS]: { body: { enabledZipCodes: ['78701', '78702'] } } });
    openTab();
    // The first render loads the admin shell and page chunks, slow on a busy machine.
    expect(await screen.findByRole('button', { name: 'Remove 78701' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove 78702' })).toBeInTheDocument();
    expect(chips()).toEqual(['78701', '78702']);
    expect(screen.getByText(/Total enabled areas/)).toHaveTextContent('Total enabled areas: 2');
  });

  it('says service is unavailable everywhere and disables revalidation when no code is enabled', async () => {
    settingsApi();
    openTab();
    expect(
      await screen.findByText(
        'No zip codes have been added yet. Service is currently unavailable in all areas.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Total enabled areas/)).toHaveTextContent('Total enabled areas: 0');
    expect(screen.getByRole('button', { name: 'Revalidate All Orders' })).toBeDisabled();
  });

  it("says 'Error loading zip codes. Please try again.' when the list cannot be read, and retries", async () => {
    let fail = true;
    settingsApi({
      [AREAS]: () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: { enabledZipCodes: ['78701'] } },
    });
    const user = userEvent.setup();
    openTab();
    expect(await screen.findByText('Error loading zip codes. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Remove 78701' })).toBeInTheDocument();
  });

  it("warns 'Invalid zip code data format' when the answer holds no list", async () => {
    settingsApi({ [AREAS]: { body: { enabledZipCodes: '78701,78702' } } });
    openTab();
    expect(await screen.findByText('Invalid zip code data format')).toBeInTheDocument();
    expect(screen.getByText(/Total enabled areas/)).toHaveTextContent('Total enabled areas: 0');
  });
});

describe('Service areas: adding', () => {
  it('does nothing for an empty field', async () => {
    const calls = settingsApi();
    const user = userEvent.setup();
    openTab();
    await user.type(await screen.findByLabelText('Add ZIP codes'), ' , ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.clear(screen.getByLabelText('Add ZIP codes'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(callsTo(calls, 'POST', '/api/admin/service-areas')).toHaveLength(0);
    expect(toasts().queryByRole('status')).not.toBeInTheDocument();
  });

  it("sends the raw text, toasts 'Zip code added', clears the field and shows the new chips", async () => {
    let enabled = ['78701'];
    const calls = settingsApi({
      [AREAS]: () => ({ body: { enabledZipCodes: enabled } }),
      'POST /api/admin/service-areas': () => {
        enabled = ['78701', '78702', '78703'];
        return {
          body: {
            message: 'ZIP codes 78702, 78703 enabled',
            enabledZipCodes: enabled,
            updatedOrders: 2,
            updatedItems: 3,
          },
        };
      },
    });
    const user = userEvent.setup();
    openTab();
    const field = await screen.findByLabelText('Add ZIP codes');
    await user.type(field, '78702, 78703,78701');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await toasts().findByText('Zip code added')).toBeInTheDocument();
    expect(
      toasts().getByText(
        'ZIP codes 78702, 78703 enabled. Updated 2 orders with 3 items in enabled service areas.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/service-areas').map((c) => c.body)).toEqual([
      { zipCode: '78702, 78703,78701' },
    ]);
    expect(field).toHaveValue('');
    await waitFor(() => expect(chips()).toEqual(['78701', '78702', '78703']));
  });

  it("toasts 'Failed to add zip code' with the server's words and names the invalid codes at the field", async () => {
    const message = 'Invalid ZIP codes: 1234, abcde';
    settingsApi({
      'POST /api/admin/service-areas': { status: 400, body: { message, fields: { zipCode: message } } },
    });
    const user = userEvent.setup();
    openTab();
    const field = await screen.findByLabelText('Add ZIP codes');
    await user.type(field, '78701, 1234, abcde');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await toasts().findByText('Failed to add zip code')).toBeInTheDocument();
    expect(toasts().getByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveValue('78701, 1234, abcde');
  });
});

describe('Service areas: removing', () => {
  it("removes a chip and toasts 'Zip code removed'", async () => {
    let enabled = ['78701', '78702'];
    const calls = settingsApi({
      [AREAS]: () => ({ body: { enabledZipCodes: enabled } }),
      'DELETE /api/admin/service-areas/78701': () => {
        enabled = ['78702'];
        return { body: { message: 'ZIP code 78701 removed' } };
      },
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Remove 78701' }));

    expect(await toasts().findByText('Zip code removed')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/admin/service-areas/78701')).toHaveLength(1);
    await waitFor(() => expect(chips()).toEqual(['78702']));
  });

  it("toasts 'Failed to remove zip code' with the server's words", async () => {
    settingsApi({
      [AREAS]: { body: { enabledZipCodes: ['78701'] } },
      'DELETE /api/admin/service-areas/78701': {
        status: 404,
        body: { message: 'ZIP code 78701 is not enabled' },
      },
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Remove 78701' }));
    expect(await toasts().findByText('Failed to remove zip code')).toBeInTheDocument();
    expect(toasts().getByText('ZIP code 78701 is not enabled')).toBeInTheDocument();
  });
});

describe('Service areas: revalidation', () => {
  it('asks for confirmation and does nothing when cancelled', async () => {
    const calls = settingsApi({ [AREAS]: { body: { enabledZipCodes: ['78701'] } } });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Revalidate All Orders' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revalidate all orders?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/admin/revalidate-locations')).toHaveLength(0);
  });

  it("shows progress, stays disabled while running, then toasts 'Location revalidation complete' with the counts", async () => {
    const held = heldReply({
      message: 'Updated 2 orders with 3 items in enabled service areas',
      updatedOrders: 2,
      updatedItems: 3,
    });
    const calls = settingsApi({
      [AREAS]: { body: { enabledZipCodes: ['78701'] } },
      'POST /api/admin/revalidate-locations': held.route,
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Revalidate All Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Revalidate' }));

    expect(await screen.findByText('Revalidating orders…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revalidate All Orders' })).toBeDisabled();
    const areasReads = callsTo(calls, 'GET', '/api/admin/service-areas').length;
    await act(async () => held.release());

    expect(await toasts().findByText('Location revalidation complete')).toBeInTheDocument();
    expect(toasts().getByText('Updated 2 orders with 3 items in enabled service areas')).toBeInTheDocument();
    expect(screen.queryByText('Revalidating orders…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revalidate All Orders' })).toBeEnabled();
    // Service areas and orders are refreshed, since revalidation may have moved units.
    expect(callsTo(calls, 'GET', '/api/admin/service-areas').length).toBeGreaterThan(areasReads);
  });

  it("toasts 'Failed to revalidate locations' with the server's words", async () => {
    settingsApi({
      [AREAS]: { body: { enabledZipCodes: ['78701'] } },
      'POST /api/admin/revalidate-locations': { status: 500, body: { message: 'Internal server error' } },
    });
    const user = userEvent.setup();
    openTab();
    await user.click(await screen.findByRole('button', { name: 'Revalidate All Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Revalidate' }));
    expect(await toasts().findByText('Failed to revalidate locations')).toBeInTheDocument();
    expect(toasts().getByText('Internal server error')).toBeInTheDocument();
  });
});
