/// <reference types="google.maps" />
/**
 * Google Places address autocomplete: the Maps JavaScript API with its places library, loaded once per
 * page by Google's own loader, and the reading of a chosen place into the form's address fields.
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { streetFromFormatted, US_STATE_CODES, type UsStateCode } from '../../../shared/schemas/onboarding.js';

export type PlacesLibrary = google.maps.PlacesLibrary;

const placesLoads = new Map<string, Promise<PlacesLibrary>>();

/**
 * Loads the script once per key and page; a failure is remembered too, since the loader cannot
 * retry a script that failed (the message asks the customer to refresh).
 */
export function loadPlaces(apiKey: string): Promise<PlacesLibrary> {
  let load = placesLoads.get(apiKey);
  if (!load) {
    setOptions({ key: apiKey, v: 'weekly' });
    load = importLibrary('places');
    placesLoads.set(apiKey, load);
  }
  return load;
}

/** The autocomplete: US addresses only, and just the two fields the form reads. */
export const AUTOCOMPLETE_OPTIONS: google.maps.places.AutocompleteOptions = {
  componentRestrictions: { country: 'us' },
  fields: ['address_components', 'formatted_address'],
  types: ['address'],
};

export interface PlaceAddress {
  /** The formatted address, e.g. '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA'. */
  formatted: string;
  /** The text before the first comma of the formatted address. */
  street: string;
  city: string;
  state: UsStateCode | '';
  zip: string;
}

type PlaceLike = Pick<google.maps.places.PlaceResult, 'address_components' | 'formatted_address'>;

/** A chosen place as the form's fields, or null when the lookup gave no components. */
export function addressFromPlace(place: PlaceLike): PlaceAddress | null {
  const components = place.address_components ?? [];
  if (components.length === 0) return null;
  const find = (type: string) => components.find((c) => c.types.includes(type));
  const formatted = place.formatted_address ?? '';
  const numberAndRoute = [find('street_number')?.long_name, find('route')?.long_name]
    .filter(Boolean)
    .join(' ');
  const state = find('administrative_area_level_1')?.short_name ?? '';
  return {
    formatted: formatted || numberAndRoute,
    street: streetFromFormatted(formatted) || numberAndRoute,
    city: (find('locality') ?? find('sublocality') ?? find('postal_town'))?.long_name ?? '',
    state: (US_STATE_CODES as readonly string[]).includes(state) ? (state as UsStateCode) : '',
    zip: find('postal_code')?.long_name ?? '',
  };
}
