import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/use-toast';
import { usePublicConfig } from '../../lib/public-config';
import { loadPlaces, type PlacesLibrary } from './google-places';

/** Loads the places library when the server has a map key; null until then, or without one. */
export function usePlacesLibrary(): PlacesLibrary | null {
  const { t } = useTranslation('onboarding');
  const mapsFailed = t('toasts.mapsFailed');
  const mapsFailedDev = t('toasts.mapsFailedDev');
  const config = usePublicConfig();
  const apiKey = config.data?.googleMapsApiKey ?? null;
  const isDevelopment = config.data?.isDevelopment ?? false;
  const [places, setPlaces] = useState<PlacesLibrary | null>(null);
  useEffect(() => {
    if (!apiKey) return;
    let current = true;
    loadPlaces(apiKey).then(
      (library) => {
        if (current) setPlaces(library);
      },
      () => {
        // The plain address fields stay in place, so the form can still be completed.
        if (current) toast({ variant: 'destructive', title: isDevelopment ? mapsFailedDev : mapsFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [apiKey, isDevelopment, mapsFailed, mapsFailedDev]);
  return places;
}
