import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check, ExternalLink, ListFilter, PackageSearch } from 'lucide-react';
import { Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { SearchBox } from '../../components/search-box';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { PageSkeleton } from '../../components/ui/skeleton';
import { lazyChunk } from '../../lib/lazy-chunk';
import { useExternalLinks } from '../../lib/links';
import { useOrders } from './api';
import { orderUnits } from './item-status';
import { isOrderFilter, matchesFilter, matchesSearch, ORDER_FILTERS, type OrderFilter } from './order-filter';
import { UnitCard } from './unit-card';

// A chunk of its own, loaded when a customer first opens an order's details (decision 196).
const OrderDetailsDialog = lazyChunk(() =>
  import('./order-details').then((m) => ({ default: m.OrderDetailsDialog })),
);

/** My Orders: every unit of every order, searchable in the browser (decision 20). */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const orders = useOrders();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<OrderFilter>('all');
  // Which order the details dialog shows; kept after closing so the dialog can animate out.
  const [detailsFor, setDetailsFor] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  // The cards render in a deferred pass, which React can interrupt: a long list arriving on a slow
  // phone then keeps the page responsive instead of holding the main thread for the whole list.
  const loaded = useDeferredValue(orders.data);
  const list = loaded ?? [];
  const shown = list.filter((order) => matchesSearch(order, query) && matchesFilter(order, filter));
  const detailsOrder = list.find((order) => order.id === detailsFor);
  const filterLabel = ORDER_FILTERS.find((f) => f.value === filter)?.label ?? 'filter.all';

  return (
    <section className="grid gap-6">
      <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
        {loaded ? t('titleWithCount', { count: list.length }) : t('title')}
      </h1>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={query}
          onSearch={setQuery}
          className="flex-1"
        />
        {/* Not modal: a modal menu hides the page with aria-hidden while its focusable parts stay. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="sm:w-auto">
              <ListFilter aria-hidden="true" />
              {t('filter.button')}
              {filter !== 'all' && <span className="text-muted-foreground">: {t(filterLabel)}</span>}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>{t('filter.show')}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuPrimitive.RadioGroup
              value={filter}
              onValueChange={(value) => isOrderFilter(value) && setFilter(value)}
            >
              {ORDER_FILTERS.map((option) => (
                <DropdownMenuPrimitive.RadioItem
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-default select-none items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none focus:bg-accent focus:text-accent-foreground"
                >
                  <span className="absolute left-2 flex size-4 items-center justify-center">
                    <DropdownMenuPrimitive.ItemIndicator>
                      <Check aria-hidden="true" className="size-4" />
                    </DropdownMenuPrimitive.ItemIndicator>
                  </span>
                  {t(option.label)}
                </DropdownMenuPrimitive.RadioItem>
              ))}
            </DropdownMenuPrimitive.RadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {!loaded && !orders.isError && <PageSkeleton heading={false} />}
      {orders.isError && (
        <LoadFailed onRetry={() => orders.refetch()} retryLabel={t('tryAgain')}>
          {t('loadFailed')}
        </LoadFailed>
      )}

      {loaded && !orders.isError && (
        <>
          <p className="sr-only" aria-live="polite">
            {t('shown', { shown: shown.length, total: list.length })}
          </p>
          {shown.length === 0 ? (
            <EmptyState hasOrders={list.length > 0} />
          ) : (
            <ul className="grid gap-4">
              {shown.flatMap((order) =>
                orderUnits(order).map(({ itemNumber }) => (
                  <li key={`${order.id}-${itemNumber}`}>
                    <UnitCard
                      order={order}
                      itemNumber={itemNumber}
                      onViewDetails={() => {
                        setDetailsFor(order.id);
                        setDetailsOpen(true);
                      }}
                    />
                  </li>
                )),
              )}
            </ul>
          )}
        </>
      )}

      {detailsOrder && (
        <Suspense fallback={null}>
          <OrderDetailsDialog
            open={detailsOpen}
            onOpenChange={setDetailsOpen}
            order={detailsOrder}
            units={orderUnits(detailsOrder)}
          />
        </Suspense>
      )}
    </section>
  );
}

function EmptyState({ hasOrders }: { hasOrders: boolean }) {
  const { t } = useTranslation('orders');
  const { storeUrl } = useExternalLinks();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <PackageSearch aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="font-semibold text-lg">{t('empty.title')}</h2>
      <p className="max-w-md text-muted-foreground text-sm">
        {hasOrders ? t('empty.noMatch') : t('empty.noOrders')}
      </p>
      {/* Hidden until an admin sets the store's address (decision 266). */}
      {storeUrl && (
        <Button asChild className="mt-2">
          <a href={storeUrl} target="_blank" rel="noopener noreferrer">
            {t('empty.browse')}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
        </Button>
      )}
    </div>
  );
}
