/** The admin orders calls, their query keys and hooks. */
import {
  keepPreviousData,
  type QueryClient,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { LiveBulkJobProgress } from '../../../shared/live.js';
import { adminOrderRoutes } from '../../../shared/routes/admin-orders.js';
import { orderRoutes } from '../../../shared/routes/orders.js';
import { trackingRoutes } from '../../../shared/routes/tracking.js';
import type {
  AdminBulkStatus,
  AdminOrderFilters,
  AdminOrdersQuery,
  AdminStatusPatch,
} from '../../../shared/schemas/admin-orders.js';
import type { BulkJobRequest } from '../../../shared/schemas/bulk-jobs.js';
import { callApi, routeUrl } from '../../lib/call-api';

/**
 * One key factory for every admin order query. Everything sits under `all`, so a status change, a
 * note or a delete refreshes the lists, the dashboard, the open details and the unit rows at once.
 */
export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (query: AdminOrdersQuery) => [...adminOrderKeys.lists(), query] as const,
  dashboard: () => [...adminOrderKeys.all, 'dashboard'] as const,
  detail: (id: number) => [...adminOrderKeys.all, 'detail', id] as const,
  row: (id: number) => [...adminOrderKeys.all, 'detail', id, 'row'] as const,
  items: (id: number) => [...adminOrderKeys.all, 'detail', id, 'items'] as const,
  activity: (id: number) => [...adminOrderKeys.all, 'detail', id, 'activity'] as const,
};

/** An empty text filter is no filter: it is left out of the URL, as an undefined one is. */
const given = (value: string | undefined) => (value === '' ? undefined : value);

/** The filter part of a query, in the order the list and the export both send it. */
function filterValues(filters: AdminOrderFilters) {
  return {
    q: given(filters.q),
    status: given(filters.status?.join(',')),
    dateFrom: given(filters.dateFrom),
    dateTo: given(filters.dateTo),
    payment: filters.payment,
    registration: filters.registration,
    product: given(filters.product),
  };
}

/** The CSV of every order matching the filters (the server streams it; the browser saves it). */
export function exportUrl(filters: AdminOrderFilters): string {
  return routeUrl(adminOrderRoutes.export.path, undefined, filterValues(filters));
}

/** The CSV of just these orders (the selected rows). */
export function selectedExportUrl(ids: readonly number[]): string {
  return routeUrl(adminOrderRoutes.export.path, undefined, { ids: given(ids.join(',')) });
}

export function orderExportUrl(id: number): string {
  return routeUrl(adminOrderRoutes.exportOne.path, { id });
}

export const fetchAdminOrders = (query: AdminOrdersQuery) =>
  callApi(adminOrderRoutes.list, {
    query: { page: query.page, pageSize: query.pageSize, sort: query.sort, ...filterValues(query) },
  });
export const fetchDashboard = () => callApi(adminOrderRoutes.dashboard);
// Decision 19: admins read an order and its units through the customer read routes.
export const fetchOrder = (id: number) => callApi(orderRoutes.get, { params: { id } });
export const fetchOrderItems = (id: number) => callApi(orderRoutes.items, { params: { id } });
export const fetchAdminOrderRow = (id: number) => callApi(adminOrderRoutes.row, { params: { id } });
export const fetchActivity = (id: number) => callApi(adminOrderRoutes.activity, { params: { id } });

/** A page of orders; the previous page stays on screen while the next one loads. */
export function useAdminOrders(query: AdminOrdersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminOrderKeys.list(query),
    queryFn: () => fetchAdminOrders(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDashboard() {
  return useQuery({ queryKey: adminOrderKeys.dashboard(), queryFn: fetchDashboard });
}

export function useAdminOrder(id: number | null) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id ?? 0),
    queryFn: () => fetchOrder(id ?? 0),
    enabled: id !== null,
  });
}

/** The units of an order, fetched when its row is expanded. */
export function useOrderItems(id: number, options: { enabled: boolean }) {
  return useQuery({ queryKey: adminOrderKeys.items(id), queryFn: () => fetchOrderItems(id), ...options });
}

/** The order as the table shows it: its customer's e-mail and name (the order page). */
export function useAdminOrderRow(id: number) {
  return useQuery({ queryKey: adminOrderKeys.row(id), queryFn: () => fetchAdminOrderRow(id) });
}

export function useOrderActivity(id: number | null) {
  return useQuery({
    queryKey: adminOrderKeys.activity(id ?? 0),
    queryFn: () => fetchActivity(id ?? 0),
    enabled: id !== null,
  });
}

function useInvalidateAdminOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
}

export function useUpdateOrderStatus() {
  const invalidate = useInvalidateAdminOrders();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AdminStatusPatch }) =>
      callApi(adminOrderRoutes.changeStatus, { params: { id }, body: patch }),
    onSuccess: () => invalidate(),
  });
}

export function useBulkStatus() {
  const invalidate = useInvalidateAdminOrders();
  return useMutation({
    mutationFn: (body: AdminBulkStatus) => callApi(adminOrderRoutes.bulkStatus, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(adminOrderRoutes.delete, { params: { id } }),
    onSuccess: async (_answer, id) => {
      // The deleted order's own queries would only answer 404 from now on.
      queryClient.removeQueries({ queryKey: adminOrderKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.dashboard() }),
      ]);
    },
  });
}

/** Several orders in one transaction (all or none). */
export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: readonly number[]) =>
      callApi(adminOrderRoutes.bulkDelete, { body: { orderIds: [...orderIds] } }),
    onSuccess: async (_answer, orderIds) => {
      for (const id of orderIds) queryClient.removeQueries({ queryKey: adminOrderKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.dashboard() }),
      ]);
    },
  });
}

export function useAddNote(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callApi(adminOrderRoutes.addNote, { params: { id: orderId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.activity(orderId) }),
  });
}

/**
 * A new tracking link for the order; the old one stops working at once. The order's cached answer
 * carries the token, so it is fetched again.
 */
export function useReplaceTrackingLink(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(trackingRoutes.replaceLink, { params: { id: orderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) }),
  });
}

/** Starts a bulk job over a filter (decision 285); the dialog then follows it with `useBulkJob`. */
export function useStartBulkJob() {
  return useMutation({
    mutationFn: (body: BulkJobRequest) => callApi(adminOrderRoutes.bulkJob, { body }),
  });
}

const liveProgressKey = (jobId: number | null) => ['bulk-jobs', jobId, 'live'] as const;

/** A bulk job's progress as the live connection told it (decision 309). */
export function noteBulkJobProgress(queryClient: QueryClient, progress: LiveBulkJobProgress) {
  queryClient.setQueryData(liveProgressKey(progress.jobId), progress);
}

/**
 * The last progress the live connection told of this job: on the embedded database it is the only
 * word of a running job, whose poll waits for the job's end.
 */
export function useBulkJobLiveProgress(jobId: number | null): LiveBulkJobProgress | undefined {
  return useQuery<LiveBulkJobProgress>({ queryKey: liveProgressKey(jobId), queryFn: skipToken }).data;
}

/** A bulk job's progress, asked for every half second while it runs. */
export function useBulkJob(jobId: number | null) {
  return useQuery({
    queryKey: ['bulk-jobs', jobId] as const,
    queryFn: () => callApi(adminOrderRoutes.job, { params: { id: jobId as number } }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? 500 : false),
  });
}
