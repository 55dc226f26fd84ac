/**
 * Orders: saved views as tabs, search, filter chips (and the Filter dialog) and Export over a table paged,
 * searched, filtered and sorted on the server, 10, 25, 50 or 100 rows a page (the staff member's own
 * choice, 50 until they pick), with numbered pages and 'Go to page'. Page, search, sort and filters live
 * in the address, so a reload, Back and a shared link show the same list. Keys: list-keys.ts.
 */

import { Download, ListFilter, RefreshCw, Trash2, X } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { counted, plural } from '../../../shared/plural.js';
import type { AdminOrdersQuery } from '../../../shared/schemas/admin-orders.js';
import { DEFAULT_ORDERS_PAGE_SIZE, type OrdersPageSize } from '../../../shared/schemas/staff-preferences.js';
import { LoadFailed } from '../../components/load-failed';
import { Pager, showingText } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { lazyChunk } from '../../lib/lazy-chunk';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media';
import { toastError, toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { useStaffPreferences, useUpdateStaffPreferences } from '../staff-preferences/api';
import { exportUrl, selectedExportUrl, useAdminOrders } from './api';
import type { BulkJobTarget } from './bulk-job-dialog';
import { download } from './download';
import { FilterChips } from './filter-chips';
import { useListKeys } from './list-keys';
import { OrderCards } from './order-cards';
import { useOrderDialogs } from './order-dialogs';
import { OrdersTable } from './orders-table';
import { useSavedViews, viewParams } from './saved-views';
import {
  activeFilterCount,
  type DialogFilters,
  dialogFilters,
  exportFilters,
  ORDERS_PAGE_SIZES,
  paramsFromQuery,
  queryFromParams,
} from './url-state';
import { ViewTabs } from './view-tabs';
import { ViewsMenu } from './views-menu';

const ORDERS = { one: 'order', other: 'orders' };

// Chunks of their own, loaded when first opened (src/client/features/admin-orders/order-dialogs.tsx).
const FilterDialog = lazyChunk(() => import('./filter-dialog').then((m) => ({ default: m.FilterDialog })));
const BulkDeleteDialog = lazyChunk(() =>
  import('./bulk-delete-dialog').then((m) => ({ default: m.BulkDeleteDialog })),
);
const BulkJobDialog = lazyChunk(() =>
  import('./bulk-job-dialog').then((m) => ({ default: m.BulkJobDialog })),
);

export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const preferences = useStaffPreferences();
  const updatePreferences = useUpdateStaffPreferences();
  // The staff member's own rows per page; the default when it cannot be read.
  const preferred = preferences.data?.ordersPageSize ?? DEFAULT_ORDERS_PAGE_SIZE;
  const query = useMemo(() => queryFromParams(params, preferred), [params, preferred]);
  // A page size in the address needs no preference; otherwise the list waits for it, so it is not
  // asked for twice (at the default, then at the staff member's own size).
  const orders = useAdminOrders(query, {
    enabled: params.has('pageSize') || !preferences.isPending,
  });
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterOpened, setFilterOpened] = useState(false);
  // A phone gets cards, like the customers list: the table would scroll sideways under its actions.
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The selection belongs to the list it was made on: another page, search or filter starts empty.
  const listKey = paramsFromQuery({ ...query, sort: 'orderDate:desc' }, preferred).toString();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: listKey,
    ids: new Set(),
  });
  const selected = selection.key === listKey ? selection.ids : new Set<number>();
  // "Select all N matching": the bar's actions then act on the whole filter, as one server job.
  const [allMatchingKey, setAllMatchingKey] = useState<string | null>(null);
  const allMatching = allMatchingKey === listKey && selected.size > 0;
  const [bulkJob, setBulkJob] = useState<{ open: boolean; target: BulkJobTarget | null; opened: number }>({
    open: false,
    target: null,
    opened: 0,
  });
  const clearSelection = () => {
    setSelection({ key: listKey, ids: new Set() });
    setAllMatchingKey(null);
  };
  const dialogs = useOrderDialogs(clearSelection);
  const can = useCan();
  // The ids the confirmation was opened for: it keeps naming them while it closes.
  const [bulkDelete, setBulkDelete] = useState<{ open: boolean; ids: number[] }>({ open: false, ids: [] });
  const savedViews = useSavedViews();
  const currentViewParams = viewParams(paramsFromQuery(query, preferred));
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  useListKeys({
    list: listRef,
    search: searchRef,
    onToggle: (id) => select([id], !selected.has(id)),
  });
  const openFilter = () => {
    setFilterOpened(true);
    setFilterOpen(true);
  };

  /** Pushes a new query into the address; search keystrokes replace the entry instead of adding one. */
  function navigate(next: Partial<AdminOrdersQuery>, options: { replace?: boolean } = {}) {
    setParams(paramsFromQuery({ ...query, page: 1, ...next }, preferred), options);
  }

  /** Rows per page are the staff member's own: stored on the server and kept out of the address. */
  function changePageSize(pageSize: number) {
    updatePreferences.mutate(
      { ordersPageSize: pageSize as OrdersPageSize },
      { onError: (error) => toastError('Rows per page not saved', error) },
    );
    setParams(paramsFromQuery({ ...query, page: 1, pageSize }, pageSize));
  }

  // A page of rows renders in a deferred pass, which React can interrupt (a slow phone stays
  // responsive while a hundred rows are drawn); until it has, the list shows as busy.
  const data = useDeferredValue(orders.data);
  const catchingUp = data !== orders.data;
  const total = data?.total ?? 0;
  const rows = data?.items ?? [];
  // From the answer itself, not the deferred copy, which still holds the previous one.
  const pageCount = Math.max(1, Math.ceil((orders.data?.total ?? 0) / query.pageSize));

  // After a delete empties the last page, step back to the new last page.
  useEffect(() => {
    if (orders.data && !orders.isPlaceholderData && query.page > pageCount) {
      setParams(paramsFromQuery({ ...query, page: pageCount }, preferred), { replace: true });
    }
  }, [orders.data, orders.isPlaceholderData, query, pageCount, setParams, preferred]);

  function select(ids: readonly number[], value: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (value) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: listKey, ids: next });
    if (!value) setAllMatchingKey(null);
  }

  /** Opens the confirmation of a job over every order the list's filter matches. */
  function startJob(action: BulkJobTarget['action']) {
    setBulkJob((current) => ({
      open: true,
      target: { action, filter: exportFilters(query), count: total },
      opened: current.opened + 1,
    }));
  }
  const wholePageSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  function toggleExpanded(id: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function exportOrders() {
    if (total === 0) {
      toast({ variant: 'destructive', title: 'No orders to export' });
      return;
    }
    download(exportUrl(exportFilters(query)));
    toastSuccess('Orders exported');
  }

  const filterCount = activeFilterCount(query);

  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Orders</h1>
        <p className="text-muted-foreground text-sm">
          {data && (
            <>
              <span className="font-medium text-foreground tabular-nums">
                {counted(total, 'order', 'orders')}
              </span>
              {query.q || filterCount > 0 ? ` ${plural(total, 'matches', 'match')}. ` : '. '}
            </>
          )}
          Search, filter, export and move orders through their stages.
        </p>
      </div>

      <ViewTabs views={savedViews.views} currentParams={currentViewParams} />

      <div ref={searchRef} className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search orders"
          placeholder="Search by order ID, product, customer name or e-mail"
          value={query.q ?? ''}
          onSearch={(q) => navigate({ q: q || undefined }, { replace: true })}
          debounced
          maxLength={200}
          className="flex-1"
        />
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={openFilter}>
            <ListFilter aria-hidden="true" />
            Filter
            {filterCount > 0 && (
              <span className="rounded-full bg-primary px-1.5 text-primary-foreground text-xs">
                {filterCount}
                <span className="sr-only"> {plural(filterCount, 'filter', 'filters')} set</span>
              </span>
            )}
          </Button>
          {can('orders.export') && (
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              onClick={exportOrders}
              disabled={!orders.data}
            >
              <Download aria-hidden="true" />
              Export
            </Button>
          )}
          <ViewsMenu
            saved={savedViews}
            currentParams={currentViewParams}
            onApply={(view) => {
              setParams(new URLSearchParams(view.params));
              toastSuccess(`View “${view.name}” applied`);
            }}
            className="flex-1 sm:flex-none"
          />
        </div>
      </div>

      <FilterChips filters={dialogFilters(query)} onChange={(patch) => navigate(patch)} onMore={openFilter} />

      {selected.size > 0 && (
        <section
          aria-label="Selected orders"
          className="grid grid-cols-[1fr_auto] items-center gap-2 rounded-lg border border-primary/40 bg-accent px-4 py-2 text-accent-foreground text-sm sm:flex sm:flex-wrap sm:items-center sm:gap-3"
        >
          {/* On a phone the count and Clear selection share the first line, the actions the next. */}
          <span className="font-medium">
            {allMatching
              ? `All ${counted(total, 'matching order', 'matching orders')} selected`
              : `${selected.size} selected`}
            {!allMatching && wholePageSelected && total > selected.size && can('orders.bulk') && (
              <Button
                variant="link"
                size="sm"
                className="ml-2 h-auto p-0"
                onClick={() => setAllMatchingKey(listKey)}
              >
                Select all {counted(total, 'matching order', 'matching orders')}
              </Button>
            )}
          </span>
          <div className="col-span-2 row-start-2 flex flex-wrap gap-2">
            {can('orders.bulk') && (
              <Button
                size="sm"
                onClick={() =>
                  allMatching ? startJob('status') : dialogs.showStatus({ kind: 'bulk', ids: [...selected] })
                }
              >
                <RefreshCw aria-hidden="true" />
                Change status
              </Button>
            )}
            {can('orders.export') && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  if (allMatching) return startJob('export');
                  download(selectedExportUrl([...selected]));
                  toastSuccess(`${counted(selected.size, 'order', 'orders')} exported`);
                }}
              >
                <Download aria-hidden="true" />
                Export selected
              </Button>
            )}
            {can('orders.delete') && (
              <Button
                size="sm"
                variant="destructive"
                onClick={() =>
                  allMatching ? startJob('delete') : setBulkDelete({ open: true, ids: [...selected] })
                }
              >
                <Trash2 aria-hidden="true" />
                Delete selected
              </Button>
            )}
          </div>
          <Button
            size="sm"
            variant="ghost"
            onClick={clearSelection}
            className="col-start-2 row-start-1 sm:ml-auto"
          >
            <X aria-hidden="true" />
            Clear selection
          </Button>
        </section>
      )}

      {orders.isError && (
        <LoadFailed onRetry={() => orders.refetch()}>
          {errorMessage(orders.error) ?? 'We could not load the orders.'}
        </LoadFailed>
      )}

      {!(orders.isError && !orders.data) && (
        <Card ref={listRef} className="overflow-hidden">
          {!data ? (
            <div className="flex justify-center p-12 text-primary">
              <Spinner className="size-8" />
            </div>
          ) : rows.length === 0 && !orders.isError ? (
            <div className="grid gap-1 p-12 text-center">
              <p className="font-medium">No orders found</p>
              <p className="text-muted-foreground text-sm">
                {query.q || filterCount > 0
                  ? 'No orders match your search or filters.'
                  : 'There are no orders yet.'}
              </p>
            </div>
          ) : phone ? (
            <OrderCards
              rows={rows}
              sort={query.sort}
              onSort={(sort) => navigate({ sort })}
              selected={selected}
              onSelect={select}
              dialogs={dialogs}
              busy={orders.isPlaceholderData || catchingUp}
            />
          ) : (
            <OrdersTable
              rows={rows}
              sort={query.sort}
              onSort={(sort) => navigate({ sort })}
              selected={selected}
              onSelect={select}
              expanded={expanded}
              onToggleExpanded={toggleExpanded}
              dialogs={dialogs}
              busy={orders.isPlaceholderData || catchingUp}
            />
          )}
        </Card>
      )}

      {/* Shown once the first page arrived: drawn under the spinner, it jumped down a page's height
          when the rows came (a layout shift Lighthouse counts); appearing shifts nothing. */}
      {data && (
        <Pager
          page={query.page}
          pageSize={query.pageSize}
          total={total}
          noun={ORDERS}
          onPageChange={(page) => navigate({ page })}
          label="Pagination"
          summary={showingText(query.page, query.pageSize, total, ORDERS)}
          busy={orders.isFetching && !orders.isPending}
          jump
          pageSizes={ORDERS_PAGE_SIZES}
          onPageSizeChange={changePageSize}
        />
      )}

      <Suspense fallback={null}>
        {filterOpened && (
          <FilterDialog
            open={filterOpen}
            onOpenChange={setFilterOpen}
            filters={dialogFilters(query)}
            onApply={(filters: DialogFilters) => navigate(filters)}
          />
        )}
        {bulkDelete.ids.length > 0 && (
          <BulkDeleteDialog
            ids={bulkDelete.ids}
            open={bulkDelete.open}
            onOpenChange={(open) => setBulkDelete((current) => ({ ...current, open }))}
            onDeleted={clearSelection}
          />
        )}
        {bulkJob.target && (
          <BulkJobDialog
            // A fresh dialog (and job) each time one is opened.
            key={bulkJob.opened}
            target={bulkJob.target}
            open={bulkJob.open}
            onOpenChange={(open) => setBulkJob((current) => ({ ...current, open }))}
            onDone={clearSelection}
          />
        )}
      </Suspense>
      {dialogs.dialogs}
    </section>
  );
}
