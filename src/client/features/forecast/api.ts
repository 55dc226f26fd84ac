/** The delivery-estimate calls staff use: the back-test and the units past their window. */
import { useQuery } from '@tanstack/react-query';
import type { ForecastAccuracy, PastWindow } from '../../../shared/schemas/forecast.js';
import { apiJson } from '../../lib/api';

export const forecastKeys = {
  all: ['forecast'] as const,
  accuracy: () => [...forecastKeys.all, 'accuracy'] as const,
  pastWindow: () => [...forecastKeys.all, 'past-window'] as const,
};

export function useForecastAccuracy() {
  return useQuery({
    queryKey: forecastKeys.accuracy(),
    queryFn: () => apiJson<ForecastAccuracy>('GET', '/api/admin/forecast/accuracy'),
  });
}

export function usePastWindow() {
  return useQuery({
    queryKey: forecastKeys.pastWindow(),
    queryFn: () => apiJson<PastWindow>('GET', '/api/admin/forecast/past-window'),
  });
}
