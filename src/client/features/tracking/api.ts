/** The public tracking page's one call, and the page's full address. */
import { useQuery } from '@tanstack/react-query';
import { trackingRoutes } from '../../../shared/routes/tracking.js';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/call-api';

/**
 * The page has no session, so the live channel (keyed on the session cookie) cannot reach it; it asks
 * again every 30 seconds while open and whenever the tab regains focus (decision 138).
 */
export const TRACKING_REFRESH_MS = 30_000;

export const trackingKeys = {
  order: (token: string) => ['tracking', token] as const,
};

export function useTrackedOrder(token: string) {
  return useQuery({
    queryKey: trackingKeys.order(token),
    queryFn: () => callApi(trackingRoutes.track, { params: { token } }),
    refetchInterval: (query) => (isApiError(query.state.error, 404) ? false : TRACKING_REFRESH_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
    // A replaced link stays gone; asking again would only spend the address's allowance.
    retry: (failures, error) => !isApiError(error, 404) && failures < 2,
  });
}

/** The full address of a tracking page, for copying and sharing. */
export function trackingUrl(token: string): string {
  return `${window.location.origin}/track/${encodeURIComponent(token)}`;
}
