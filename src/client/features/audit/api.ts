import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFilter, AuditPage } from '../../../shared/schemas/audit.js';
import { apiJson } from '../../lib/api';

export interface AuditParams extends AuditFilter {
  page: number;
  pageSize: number;
}

/** The filter as a query string, empty fields left out (the export takes the same). */
export function auditSearch(filter: AuditFilter & { page?: number; pageSize?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const auditExportUrl = (filter: AuditFilter) => `/api/admin/audit/export?${auditSearch(filter)}`;

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: ['admin', 'audit', params] as const,
    queryFn: () => apiJson<AuditPage>('GET', `/api/admin/audit?${auditSearch(params)}`),
    placeholderData: keepPreviousData,
  });
}
