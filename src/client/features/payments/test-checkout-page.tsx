import { CircleAlert, CreditCard, FlaskConical, Landmark } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TestCheckout, TestCheckoutOutcome } from '../../../shared/schemas/payments.js';
import { unitName } from '../../../shared/unit-name.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { useCompleteTestCheckout, useTestCheckout } from './api';
import { DetailRow, PaymentLayout } from './payment-layout';
import { formatMinorUnits } from './session-display';

/** The test-mode banner: nobody should mistake this page for a real payment. */
function TestModeNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border-2 border-warning border-dashed bg-warning/15 px-4 py-3 text-sm"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800 dark:text-warning" />
      <div className="grid gap-0.5">
        <p className="font-semibold">Test mode</p>
        <p className="text-muted-foreground">
          This is the built-in test checkout, switched on with PAYMENTS_TEST_MODE=1: no real payment is taken
          and no card details are asked for. It stands in for Stripe while no Stripe key is configured.
        </p>
      </div>
    </div>
  );
}

function Choices({ checkout }: { checkout: TestCheckout }) {
  const navigate = useNavigate();
  const complete = useCompleteTestCheckout(checkout.sessionId);
  const choose = (outcome: TestCheckoutOutcome) =>
    complete.mutate(outcome, { onSuccess: (result) => navigate(result.redirectUrl) });
  const busy = (outcome: TestCheckoutOutcome) => complete.isPending && complete.variables === outcome;
  const amount = formatMinorUnits(checkout.amount, checkout.currency);

  const open = checkout.status === 'open' && checkout.paymentStatus === 'unpaid';
  const fundsPending = checkout.paymentStatus === 'processing';
  return (
    <>
      {complete.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <p>{errorMessage(complete.error) ?? 'An error occurred while processing payment'}</p>
        </Alert>
      )}
      {open && (
        <div className="grid gap-2">
          <Button onClick={() => choose('card')} loading={busy('card')} disabled={complete.isPending}>
            <CreditCard aria-hidden="true" />
            Pay {amount} with a test card
          </Button>
          <Button
            variant="outline"
            onClick={() => choose('bank')}
            loading={busy('bank')}
            disabled={complete.isPending}
          >
            <Landmark aria-hidden="true" />
            Pay by test bank account
          </Button>
          <Button
            variant="ghost"
            onClick={() => choose('cancel')}
            loading={busy('cancel')}
            disabled={complete.isPending}
          >
            Cancel payment
          </Button>
        </div>
      )}
      {fundsPending && (
        <div className="grid gap-3">
          <p className="text-muted-foreground text-sm">
            The bank payment is waiting for its funds. Choose what the bank does next.
          </p>
          <Button onClick={() => choose('settle')} loading={busy('settle')} disabled={complete.isPending}>
            Funds arrive
          </Button>
          <Button
            variant="outline"
            onClick={() => choose('fail')}
            loading={busy('fail')}
            disabled={complete.isPending}
          >
            Bank payment fails
          </Button>
        </div>
      )}
      {!open && !fundsPending && (
        <div className="grid gap-3">
          <p className="text-muted-foreground text-sm">This checkout is finished.</p>
          <Button asChild variant="outline">
            <Link to={`/payment/success?session_id=${checkout.sessionId}`}>See the payment result</Link>
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The built-in test checkout (no Stripe key configured): a page of the product, labelled test mode,
 * where a tester pays, lets a bank payment settle or fail, or cancels. The server turns the choice
 * into the event Stripe would send and handles it as a verified Stripe event.
 */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useTestCheckout(sessionId);

  if (checkout.isPending) return <PageSpinner />;
  return (
    <PaymentLayout>
      <TestModeNotice />
      {checkout.isError ? (
        <Card>
          <CardHeader>
            <h1 className="font-semibold text-xl leading-tight tracking-tight">Test checkout not found</h1>
            <CardDescription>
              This test checkout does not exist, or online payments now go through Stripe.
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline">
              <Link to="/orders">Back to My Orders</Link>
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <h1 className="font-semibold text-xl leading-tight tracking-tight">Pay your deposit</h1>
            <CardDescription>
              {checkout.data.productName} · {unitName(checkout.data.orderId, checkout.data.itemNumber)}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <dl className="divide-y rounded-lg border px-4">
              <DetailRow term="Deposit">
                {formatMinorUnits(checkout.data.amount, checkout.data.currency)}
              </DetailRow>
              {checkout.data.customerEmail && (
                <DetailRow term="Email">{checkout.data.customerEmail}</DetailRow>
              )}
            </dl>
            <Choices checkout={checkout.data} />
          </CardContent>
        </Card>
      )}
    </PaymentLayout>
  );
}
