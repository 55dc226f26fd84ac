import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsRoutes } from '../../../shared/routes/insights.js';
import type { InsightChart, InsightRows } from '../../../shared/schemas/insights.js';
import { callApi, routeUrl } from '../../lib/call-api';

/** The range and product the screen asks every chart for (empty fields are left to the server's defaults). */
export interface InsightsFilter {
  from?: string;
  to?: string;
  product?: string;
}

/**
 * Every chart hangs off `insightsKeys.all`: the back office's live connection invalidates it on each
 * status update, message and delivery-day change (src/client/features/admin/admin-shell.tsx), so an
 * open Insights screen follows what other staff do without a reload.
 */
export const insightsKeys = {
  all: ['admin', 'insights'] as const,
  chart: (chart: InsightChart, filter: InsightsFilter) => [...insightsKeys.all, chart, filter] as const,
};

export function useInsight<C extends InsightChart>(chart: C, filter: InsightsFilter) {
  return useQuery({
    queryKey: insightsKeys.chart(chart, filter),
    queryFn: async () =>
      (await callApi(insightsRoutes.chart, { params: { chart }, query: filter })) as InsightRows[C][],
    placeholderData: keepPreviousData,
  });
}

/** A download link for the chart's CSV (the same rows as its table). */
export const insightCsvUrl = (chart: InsightChart, filter: InsightsFilter) =>
  routeUrl(insightsRoutes.chart.path, { chart }, { ...filter, format: 'csv' });
