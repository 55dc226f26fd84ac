import { ArrowLeft, ExternalLink, PackageX } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { orderName } from '../../../shared/unit-name.js';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { isApiError } from '../../lib/api';
import { ORDER_PAGE_REFRESH_DELAY_MS, useOrderLiveUpdates } from '../../lib/live-connection';
import { Conversation } from '../conversations/conversation';
import { useOrder, useOrderItems } from './api';
import { orderUnits } from './item-status';
import { OrderDetails, OrderStageBadge } from './order-details';
import { OrderSummary } from './order-summary';
import { linkedUnitOf } from './task-link';
import { UnitCard } from './unit-card';

function BackLink() {
  const { t } = useTranslation('orders');
  return (
    <Link
      to="/orders"
      className="inline-flex w-fit items-center gap-2 rounded-md text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('page.back')}
    </Link>
  );
}

/** The order page (/orders/:id): each unit expanded with its timeline and action, then the details. */
export default function OrderPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  return validId ? <OrderView id={id} /> : <OrderNotFound />;
}

function OrderView({ id }: { id: number }) {
  const { t } = useTranslation('orders');
  const order = useOrder(id);
  // The unit list is the first source of each unit's status; if it fails the embedded items serve.
  const items = useOrderItems(id);
  const detailsRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const askUs = () => focusComposer(composerRef.current);
  // A unit card's 'Ask us' link from My Orders lands on the conversation.
  const { hash } = useLocation();
  // A To-do or Purchase Tasks link names a unit (and its task): handled once, then dropped from the
  // address so that going back or reloading does not open the dialog again.
  const [search, setSearch] = useSearchParams();
  const linked = linkedUnitOf(search);
  const arrived = useCallback(
    () =>
      setSearch(
        (next) => {
          next.delete('unit');
          next.delete('task');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const loaded = order.isSuccess;
  useEffect(() => {
    if (loaded && hash === '#conversation') focusComposer(composerRef.current);
  }, [loaded, hash]);
  // The order page itself refetches 500 ms after a live update of this order, after the shared refresh.
  useOrderLiveUpdates(id, ORDER_PAGE_REFRESH_DELAY_MS, () => {
    void order.refetch();
    void items.refetch();
  });

  if (order.isPending) return <PageSkeleton blocks={2} />;
  if (order.isError) {
    if (isApiError(order.error, 404)) return <OrderNotFound />;
    return (
      <section className="grid gap-6">
        <BackLink />
        <LoadFailed onRetry={() => order.refetch()} retryLabel={t('tryAgain')}>
          {t('page.loadFailed')}
        </LoadFailed>
      </section>
    );
  }

  const data = order.data;
  const name = orderName(data.orderId);
  const units = orderUnits(data, { fetchedItems: items.data });

  return (
    <section className="grid gap-6">
      <BackLink />
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
            {t('page.title', { id: name })}
          </h1>
          <OrderStageBadge units={units} fallback={data.status} />
        </div>
        <p className="text-muted-foreground">
          {data.productName}
          {units.length > 1 && ` · ${t('page.units', { count: units.length })}`}
        </p>
        {data.trackingToken && (
          // The page anyone with the link can open without signing in: the one to share.
          <p>
            <Link
              to={`/track/${encodeURIComponent(data.trackingToken)}`}
              className="inline-flex items-center gap-1.5 font-medium text-primary text-sm underline-offset-4 hover:underline"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('page.trackingLink')}
            </Link>
          </p>
        )}
      </header>

      <OrderSummary order={data} />

      <ul className="grid gap-4">
        {units.map((unit) => (
          <li key={unit.itemNumber}>
            <UnitCard
              order={data}
              itemNumber={unit.itemNumber}
              arrival={linked?.itemNumber === unit.itemNumber ? linked : undefined}
              onArrived={arrived}
              fetchedItems={items.data}
              defaultExpanded
              // The details are on this page already: the button takes focus (and the view) there.
              onViewDetails={() => detailsRef.current?.focus()}
              onAsk={askUs}
            />
          </li>
        ))}
      </ul>

      <Card
        ref={detailsRef}
        tabIndex={-1}
        className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CardHeader>
          <CardTitle>{t('page.details')}</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderDetails order={data} units={units} />
        </CardContent>
      </Card>

      <Card id="conversation">
        <CardContent className="pt-6">
          <Conversation ref={composerRef} side="customer" orderId={data.id} />
        </CardContent>
      </Card>
    </section>
  );
}

function focusComposer(composer: HTMLTextAreaElement | null) {
  composer?.scrollIntoView({ block: 'center' });
  composer?.focus();
}

function OrderNotFound() {
  const { t } = useTranslation('orders');
  return (
    <section className="grid gap-6">
      <BackLink />
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <PackageX aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="font-semibold text-xl">{t('page.notFound.title')}</h1>
        <p className="max-w-md text-muted-foreground text-sm">{t('page.notFound.text')}</p>
        <Button asChild variant="outline">
          <Link to="/orders">{t('page.notFound.back')}</Link>
        </Button>
      </div>
    </section>
  );
}
