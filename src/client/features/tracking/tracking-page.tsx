import { CircleAlert, RefreshCw, Truck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TrackedOrder } from '../../../shared/schemas/tracking.js';
import { BrandMark } from '../../components/brand-mark';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { useInBrowser } from '../../lib/in-browser';
import { useNames } from '../../lib/names';
import { usePublicConfig } from '../../lib/public-config';
import { useFormat } from '../../lib/use-format';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import { LanguageSelect } from '../locale/language-select';
import { useStageNames } from '../locale/stage-names';
import { StageTimeline } from '../orders/stage-timeline';
import { useTrackedOrder } from './api';

/** Keeps a secret link out of search engines while the page is open (the server also says so). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function TrackingLayout({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-background bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <main className="flex flex-1 flex-col items-center px-4 pt-8 pb-10 sm:pt-12">
        <div className="mb-6 flex w-full max-w-5xl flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <BrandMark className="size-10 shadow-sm" />
            <p className="font-semibold text-xl tracking-tight">{config.data?.companyName ?? 'OrderFlow'}</p>
          </div>
          <LanguageSelect />
        </div>
        <div className="grid w-full min-w-0 max-w-5xl gap-4">{children}</div>
      </main>
    </div>
  );
}

function LinkNotFound() {
  const { t } = useTranslation('tracking');
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-semibold text-xl leading-tight tracking-tight">{t('notFound.title')}</h1>
        <CardDescription>{t('notFound.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link to="/auth">{t('notFound.signIn')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function TrackedUnits({ order, updatedAt }: { order: TrackedOrder; updatedAt: number }) {
  const { t } = useTranslation('tracking');
  const { stageName } = useStageNames();
  const format = useFormat();
  const names = useNames();
  const inBrowser = useInBrowser();
  const count = order.units.length;
  return (
    <>
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">
          {t('summary', { orderId: names.order(order.orderId), count, product: order.productName })}
        </p>
        {count > 1 && order.units.some((unit) => unit.deliveryDate) && (
          <p className="font-medium text-sm">
            {t('unitDeliveryDates', { range: format.daySpan(order.units.map((unit) => unit.deliveryDate)) })}
          </p>
        )}
      </header>
      <ul className="grid gap-4" aria-label={t('units')}>
        {order.units.map((unit) => (
          <li key={unit.itemNumber}>
            <Card>
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">{names.unit(order.orderId, unit.itemNumber)}</h2>
                <Badge variant="outline">{stageName(unit.status)}</Badge>
              </CardHeader>
              <CardContent className="grid gap-4">
                {unit.deliveryDate ? (
                  <p className="flex items-center gap-2 font-medium text-sm">
                    <Truck aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    {t('deliveryDate', { date: format.date(unit.deliveryDate) })}
                  </p>
                ) : (
                  unit.estimate && <DeliveryEstimateNote estimate={unit.estimate} />
                )}
                <StageTimeline status={unit.status} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {/* The page refreshes itself only with its script, and only the browser knows its time zone:
          a first screen the server drew (decision 300) leaves the line out. */}
      {inBrowser && (
        <p className="flex items-center gap-2 text-muted-foreground text-xs">
          <RefreshCw aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            {t('refresh', {
              time: new Date(updatedAt).toLocaleTimeString(format.intlLocale, {
                hour: '2-digit',
                minute: '2-digit',
              }),
            })}
          </span>
        </p>
      )}
    </>
  );
}

/**
 * The public tracking page behind the link in the confirmation mail: the product and where each unit
 * stands, with no sign-in and nothing personal (the answer it reads carries nothing personal).
 */
export default function TrackingPage() {
  const { token = '' } = useParams();
  const tracked = useTrackedOrder(token);
  const { t } = useTranslation('tracking');
  useNoIndex();

  let content: ReactNode;
  if (tracked.data) {
    content = <TrackedUnits order={tracked.data} updatedAt={tracked.dataUpdatedAt} />;
  } else if (tracked.isError) {
    content = isApiError(tracked.error, 404) ? (
      <LinkNotFound />
    ) : (
      <Card className="mx-auto w-full max-w-md p-6 text-center">
        <h1 className="font-semibold text-lg">{t('failed.title')}</h1>
        <p role="alert" className="mt-2 text-muted-foreground text-sm">
          {isApiError(tracked.error, 429) ? t('failed.tooMany') : t('failed.connection')}
        </p>
      </Card>
    );
  } else {
    content = (
      <Card className="mx-auto flex w-full max-w-md items-center justify-center gap-3 p-10 text-muted-foreground">
        <Spinner label={null} className="text-primary" />
        <p role="status">{t('loading')}</p>
      </Card>
    );
  }
  return <TrackingLayout>{content}</TrackingLayout>;
}
