/// <reference types="google.maps" />
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enter, form, group, renderDialog, submissions, submit } from '../../test/onboarding';
import { toasts } from '../../test/utils';

/** Google's loader replaced by a stand-in places library whose Autocomplete the test drives. */
const maps = vi.hoisted(() => {
  type Listener = () => void;
  class FakeAutocomplete {
    static instances: FakeAutocomplete[] = [];
    place: Partial<google.maps.places.PlaceResult> = {};
    listeners: Listener[] = [];
    constructor(
      readonly input: HTMLInputElement,
      readonly options: google.maps.places.AutocompleteOptions,
    ) {
      FakeAutocomplete.instances.push(this);
    }
    addListener(_event: string, listener: Listener) {
      this.listeners.push(listener);
      return { remove: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
    }
    getPlace() {
      return this.place;
    }
    /** What happens when the customer picks a suggestion. */
    choose(place: Partial<google.maps.places.PlaceResult>) {
      this.place = place;
      for (const listener of this.listeners) listener();
    }
  }
  return { FakeAutocomplete, importLibrary: vi.fn(), setOptions: vi.fn() };
});

vi.mock('@googlemaps/js-api-loader', () => ({
  importLibrary: maps.importLibrary,
  setOptions: maps.setOptions,
}));

const MOUNTAIN_VIEW: Partial<google.maps.places.PlaceResult> = {
  formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
  address_components: [
    { long_name: '1600', short_name: '1600', types: ['street_number'] },
    { long_name: 'Amphitheatre Parkway', short_name: 'Amphitheatre Pkwy', types: ['route'] },
    { long_name: 'Mountain View', short_name: 'Mountain View', types: ['locality', 'political'] },
    { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '94043', short_name: '94043', types: ['postal_code'] },
  ],
};

function withKey(key: string, isDevelopment = false) {
  return { 'GET /api/config': { body: { googleMapsApiKey: key, isDevelopment } } };
}

function autocompleteOn(input: HTMLElement) {
  const found = maps.FakeAutocomplete.instances.find((a) => a.input === input);
  if (!found) throw new Error('no autocomplete on this input');
  return found;
}

describe('onboarding addresses with a map key', () => {
  it('attaches a US-only autocomplete and fills the hidden parts from the chosen place', async () => {
    maps.importLibrary.mockResolvedValue({ Autocomplete: maps.FakeAutocomplete });
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog(withKey('key-fill'));
    const dialog = await form();
    const address = await waitFor(() => {
      const input = group('Personal address').getByLabelText('Address');
      autocompleteOn(input);
      return input;
    });
    expect(maps.setOptions).toHaveBeenCalledWith(expect.objectContaining({ key: 'key-fill' }));
    expect(maps.importLibrary).toHaveBeenCalledWith('places');
    expect(autocompleteOn(address).options).toMatchObject({
      componentRestrictions: { country: 'us' },
      fields: ['address_components', 'formatted_address'],
    });
    // One autocomplete input instead of the plain street, city, state and ZIP fields.
    expect(group('Personal address').queryByLabelText('City')).not.toBeInTheDocument();

    act(() => autocompleteOn(address).choose(MOUNTAIN_VIEW));
    expect(address).toHaveValue('1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA');

    await enter(user, dialog.getByLabelText('Personal Cell Phone'), '5125550100');
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await submit(user);

    await waitFor(() => expect(submissions(calls)).toHaveLength(1));
    const [body] = submissions(calls) as { formData: Record<string, unknown> }[];
    expect(body?.formData).toMatchObject({
      address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      personalFullAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      street_address: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      state: 'CA',
      zipCode: '94043',
    });
  });

  it('fills nothing when the lookup gives no address components', async () => {
    maps.importLibrary.mockResolvedValue({ Autocomplete: maps.FakeAutocomplete });
    renderDialog(withKey('key-empty'));
    await form();
    const address = await waitFor(() => {
      const input = group('Personal address').getByLabelText('Address');
      autocompleteOn(input);
      return input;
    });

    act(() => autocompleteOn(address).choose({ formatted_address: 'Somewhere', address_components: [] }));

    expect(address).toHaveValue('');
  });

  it.each([
    [false, 'Unable to load Google Maps. Please try again later.'],
    [true, 'Development mode: Maps API may be limited. Try refreshing or check your API key.'],
  ])(
    'when the script fails (development %s) says so and keeps plain fields',
    async (isDevelopment, message) => {
      maps.importLibrary.mockRejectedValue(new Error('script failed'));
      renderDialog(withKey(`key-fails-${isDevelopment}`, isDevelopment));
      await form();

      expect(await toasts().findByText(message)).toBeInTheDocument();
      expect(group('Personal address').getByLabelText('City')).toBeEnabled();
      expect(group('Personal address').getByLabelText('Address')).toBeEnabled();
    },
  );
});
