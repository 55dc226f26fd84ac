import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '../../../shared/routes/audit.js';
import type { AuditFilter } from '../../../shared/schemas/audit.js';
import { callApi, routeUrl } from '../../lib/call-api';

export interface AuditParams extends AuditFilter {
  page: number;
  pageSize: number;
}

/** A download link, not a fetch: the browser saves the CSV the server names. Unset fields are left out. */
export const auditExportUrl = (filter: AuditFilter) =>
  routeUrl(auditRoutes.exportCsv.path, undefined, filter);

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: ['admin', 'audit', params] as const,
    queryFn: () => callApi(auditRoutes.list, { query: params }),
    placeholderData: keepPreviousData,
  });
}
