/** The delivery-estimate calls staff use: the back-test and the units past their window. */
import { useQuery } from '@tanstack/react-query';
import { forecastRoutes } from '../../../shared/routes/forecast.js';
import { callApi } from '../../lib/call-api';

export const forecastKeys = {
  all: ['forecast'] as const,
  accuracy: () => [...forecastKeys.all, 'accuracy'] as const,
  pastWindow: () => [...forecastKeys.all, 'past-window'] as const,
};

export function useForecastAccuracy() {
  return useQuery({
    queryKey: forecastKeys.accuracy(),
    queryFn: () => callApi(forecastRoutes.accuracy),
  });
}

export function usePastWindow() {
  return useQuery({
    queryKey: forecastKeys.pastWindow(),
    queryFn: () => callApi(forecastRoutes.pastWindow),
  });
}
