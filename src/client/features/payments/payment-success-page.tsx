import { CircleAlert, CircleCheck, Clock, Landmark } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { usePublicConfig } from '../../lib/public-config';
import { announcePaymentUpdate, useCheckoutSession } from './api';
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

/** 'Return to Dashboard': the members area set in Settings → General (a full page load, fresh data). */
function ReturnToDashboard() {
  const config = usePublicConfig();
  return (
    <Button asChild className="w-full">
      <a href={config.data?.membersAreaUrl ?? '/'}>Return to Dashboard</a>
    </Button>
  );
}

function PaymentError({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-semibold text-xl leading-tight tracking-tight">Payment Error</h1>
        <CardDescription>We couldn't retrieve your payment details</CardDescription>
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
        <ReturnToDashboard />
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

  // The portal's tab that opened the payment page refreshes its orders now.
  useEffect(() => {
    if (session.data) announcePaymentUpdate();
  }, [session.data]);

  let content: ReactNode;
  if (!sessionId) {
    content = <PaymentError message="No session ID provided" />;
  } else if (session.isPending) {
    content = (
      <Card className="flex items-center justify-center gap-3 p-10 text-muted-foreground">
        <Spinner label={null} className="text-primary" />
        <p role="status">Loading payment details…</p>
      </Card>
    );
  } else if (session.isError) {
    const message = isApiError(session.error, 404)
      ? 'Session information not found'
      : 'Failed to load payment details';
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
          <h1 className="font-semibold text-xl leading-tight tracking-tight">{result.title}</h1>
        </CardHeader>
        <CardContent>
          <dl className="divide-y rounded-lg border px-4">
            <DetailRow term="Order ID">{data.metadata.orderId}</DetailRow>
            {data.metadata.itemId && <DetailRow term="Item ID">{data.metadata.itemId}</DetailRow>}
            <DetailRow term="Amount">{formatMinorUnits(data.amount_total, data.currency)}</DetailRow>
            {data.customer_details.email && <DetailRow term="Email">{data.customer_details.email}</DetailRow>}
            <DetailRow term="Payment Status">
              <PaymentStatusPill label={result.statusLabel} tone={result.tone} />
            </DetailRow>
          </dl>
        </CardContent>
        <CardFooter>
          <ReturnToDashboard />
        </CardFooter>
      </Card>
    );
  }

  return <PaymentLayout>{content}</PaymentLayout>;
}
