import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, ExternalLink, RotateCw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderMoney } from '../../../shared/schemas/money.js';
import { isPaidStatus, type StageDataDto } from '../../../shared/schemas/orders.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useServerError } from '../../lib/server-error';
import { useFormat } from '../../lib/use-format';
import { requestPaymentLink, usePaymentUpdates } from '../payments/api';
import { PaymentStatusPill } from '../payments/status-pill';
import { orderKeys } from './api';
import { paymentStatusDisplay, paymentStatusText } from './payment-status';

interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The unit's record id; a unit known only from its order's status has none and cannot be paid yet. */
  itemId: number | undefined;
  stageData: StageDataDto;
  /** The order's money, as the server computed it: the unit's deposit is read from it. */
  money: OrderMoney;
  itemNumber: number;
  /** When the order was placed (ISO): the date the deposit belongs to. */
  orderDate: string;
  unitLabel: string;
  productName: string;
}

/**
 * The payment dialog: the deposit and its status. On opening, when the deposit is not paid or on its
 * way and no link exists or is loading, it asks for the payment link; a failure is shown inline with a
 * retry. 'Open Payment Page' opens the checkout in a new window; when the customer comes back (or the
 * payment pages announce news) the orders are refreshed.
 */
export function PaymentDialog({
  open,
  onOpenChange,
  itemId,
  stageData,
  money,
  itemNumber,
  orderDate,
  unitLabel,
  productName,
}: PaymentDialogProps) {
  const { t } = useTranslation('orders');
  const serverError = useServerError();
  const format = useFormat();
  const orderTotal = format.money(money.orderValue);
  const status = paymentStatusDisplay(stageData.paymentStatus);
  const deposit = money.units.find((unit) => unit.itemNumber === itemNumber)?.deposit ?? null;
  const amount = format.money(deposit);
  // 'success' and 'successful' read amber here but mean paid (isPaidStatus): nothing left to pay.
  const unpaid = status.tone === 'other' && !isPaidStatus(stageData.paymentStatus);
  const needsLink = unpaid && itemId !== undefined;
  const link = useMutation({ mutationFn: requestPaymentLink });
  const { mutate, reset, isIdle } = link;
  // One automatic request per opening, even when effects run twice (React's strict mode).
  const asked = useRef(false);

  useEffect(() => {
    if (!open) {
      // A link from an earlier opening may have expired since: the next opening asks again.
      asked.current = false;
      reset();
      return;
    }
    if (needsLink && itemId !== undefined && !asked.current && isIdle) {
      asked.current = true;
      mutate(itemId);
    }
  }, [open, needsLink, itemId, isIdle, mutate, reset]);

  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const refreshOrders = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [queryClient]);
  usePaymentUpdates(paying, refreshOrders);

  const retry = () => {
    if (itemId === undefined) return;
    link.reset();
    link.mutate(itemId);
  };

  const paymentUrl = link.data?.paymentUrl;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('payment.title')}</DialogTitle>
          <DialogDescription>
            {t('payment.description', { unit: unitLabel, product: productName })}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 rounded-lg border p-4 text-sm">
          <Row label={t('payment.orderAndUnit')}>
            <span className="break-words">{unitLabel}</span>
          </Row>
          <Row label={t('payment.product')}>
            <span className="break-words">{productName}</span>
          </Row>
          <Row label={t('payment.orderedOn')}>{format.date(orderDate) || t('payment.notAvailable')}</Row>
          {orderTotal && <Row label={t('payment.orderTotal')}>{orderTotal}</Row>}
          <Row label={t('payment.depositAmount')}>
            <span className="font-semibold text-lg">{amount || t('payment.notAvailable')}</span>
          </Row>
          <Row label={t('payment.status')}>
            <PaymentStatusPill label={paymentStatusText(t, status)} tone={status.tone} />
          </Row>
        </dl>
        <p className="text-muted-foreground text-sm">
          {isPaidStatus(stageData.paymentStatus) || status.tone === 'paid'
            ? t('payment.paidNote')
            : t('payment.unpaidNote')}
        </p>

        {status.tone === 'awaiting' && (
          <p className="text-muted-foreground text-sm">{t('payment.awaitingNote')}</p>
        )}
        {unpaid && itemId === undefined && (
          <p className="text-muted-foreground text-sm">{t('payment.noLink')}</p>
        )}
        {link.isPending && (
          <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
            <Spinner label={null} className="size-4 text-primary" />
            {t('payment.preparing')}
          </p>
        )}
        {link.isError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <p className="font-semibold">{t('payment.failed')}</p>
            <p className="col-start-2">{serverError(link.error) ?? t('payment.failedText')}</p>
          </Alert>
        )}

        {needsLink && (link.isError || paymentUrl) && (
          <DialogFooter className="gap-2">
            {link.isError && (
              <Button variant="outline" onClick={retry}>
                <RotateCw aria-hidden="true" />
                {t('payment.retry')}
              </Button>
            )}
            {paymentUrl && (
              <Button asChild>
                <a
                  href={paymentUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => setPaying(true)}
                >
                  <ExternalLink aria-hidden="true" />
                  {t('payment.open')}
                  <span className="sr-only">{t('opensInNewWindow')}</span>
                </a>
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}
