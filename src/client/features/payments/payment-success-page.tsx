import { CircleAlert, CircleCheck, Clock, Landmark } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { useNames } from '../../lib/names';
import { usePublicConfig } from '../../lib/public-config';
import { useFormat } from '../../lib/use-format';
import { announcePaymentUpdate, useCheckoutSession } from './api';
import { usePaymentMethodWords } from './money';
import { DetailRow, PaymentLayout } from './payment-layout';
import { formatMinorUnits, type PaymentResultTone, paymentResult } from './session-display';
import { PaymentStatusPill } from './status-pill';

const TONE_ICONS: Record<PaymentResultTone, typeof CircleCheck> = {
  paid: CircleCheck,
  awaiting: Clock,
  other: Landmark,
};

const ICON_CLASSES: Record<PaymentResultTone, string> = {
  paid: 'bg-success/10 text-success',
  awaiting: 'bg-primary/10 text-primary',
  other: 'bg-warning/15 text-amber-800 dark:text-warning',
};

/**
 * Where the page leads when it knows no order: the members area set in Settings → General, the
 * portal's Home unless set otherwise (a full page load, fresh data).
 */
function BackHome() {
  const config = usePublicConfig();
  const { t } = useTranslation('payments');
  return (
    <Button asChild className="w-full">
      <a href={config.data?.membersAreaUrl ?? '/'}>{t('backHome')}</a>
    </Button>
  );
}

function PaymentError({ message }: { message: string }) {
  const { t } = useTranslation('payments');
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-semibold text-xl leading-tight tracking-tight">{t('error.title')}</h1>
        <CardDescription>{t('error.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-center text-destructive text-sm dark:bg-destructive/10"
        >
          {message}
        </p>
      </CardContent>
      <CardFooter>
        <BackHome />
      </CardFooter>
    </Card>
  );
}

/**
 * The payment result, public: it may be opened after the session cookie is gone. It only reads; the
 * unit is marked paid by the verified payment event.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const session = useCheckoutSession(sessionId);
  const { t } = useTranslation('payments');
  const format = useFormat();
  const names = useNames();
  const methodWords = usePaymentMethodWords();

  // The portal's tab that opened the payment page refreshes its orders now.
  useEffect(() => {
    if (session.data) announcePaymentUpdate();
  }, [session.data]);

  let content: ReactNode;
  if (!sessionId) {
    content = <PaymentError message={t('error.noSession')} />;
  } else if (session.isPending) {
    content = (
      <Card className="flex items-center justify-center gap-3 p-10 text-muted-foreground">
        <Spinner label={null} className="text-primary" />
        <p role="status">{t('loading')}</p>
      </Card>
    );
  } else if (session.isError) {
    const message = isApiError(session.error, 404) ? t('error.notFound') : t('error.failed');
    content = <PaymentError message={message} />;
  } else {
    const data = session.data;
    const result = paymentResult(data);
    const Icon = TONE_ICONS[result.tone];
    content = (
      <Card>
        <CardHeader className="items-center text-center">
          <span
            className={`mb-2 flex size-12 items-center justify-center rounded-full ${ICON_CLASSES[result.tone]}`}
          >
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-semibold text-xl leading-tight tracking-tight">{t(`result.${result.kind}`)}</h1>
        </CardHeader>
        <CardContent>
          <dl className="divide-y rounded-lg border px-4">
            <DetailRow term={t('details.orderId')}>{names.order(data.metadata.orderId)}</DetailRow>
            <DetailRow term={t('details.unit')}>
              {names.unit(data.metadata.orderId, data.unit.itemNumber)}
            </DetailRow>
            <DetailRow term={t('details.amount')}>
              {formatMinorUnits(data.amount_total, data.currency, format.intlLocale)}
            </DetailRow>
            {/* Once paid (or on its way) the session names the one method used; before, every one offered. */}
            {result.tone !== 'other' && data.payment_method_types[0] && (
              <DetailRow term={t('details.paymentMethod')}>
                {methodWords(data.payment_method_types[0])}
              </DetailRow>
            )}
            {data.customer_details.email && (
              <DetailRow term={t('details.email')}>{data.customer_details.email}</DetailRow>
            )}
            <DetailRow term={t('details.paymentStatus')}>
              <PaymentStatusPill label={t(`status.${result.status}`, result.status)} tone={result.tone} />
            </DetailRow>
          </dl>
        </CardContent>
        <CardFooter>
          {/* The order's page in the portal, where the unit now shows its payment (a full page load). */}
          <Button asChild className="w-full">
            <a href={data.unit.orderPath}>{t('backToOrder')}</a>
          </Button>
        </CardFooter>
      </Card>
    );
  }

  return <PaymentLayout>{content}</PaymentLayout>;
}
