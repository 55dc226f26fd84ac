import { ExternalLink } from 'lucide-react';
import type { StageDataDto } from '../../../shared/schemas/orders.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { cn } from '../../lib/utils';
import { depositAmount, type PaymentTone, paymentStatusDisplay } from './payment-status';

interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stageData: StageDataDto;
  /** The order's amount (cents, as text), used when the stage data names no deposit. */
  orderAmount: string | null;
  unitLabel: string;
}

const TONE_CLASSES: Record<PaymentTone, string> = {
  paid: 'border-success/40 bg-success/10 text-success',
  awaiting: 'border-primary/40 bg-primary/10 text-primary',
  other: 'border-warning/60 bg-warning/15 text-amber-800 dark:text-warning',
};

/**
 * The payment dialog before online payment exists (decision 27): the deposit and its status, and the
 * payment page when the unit's stage data already holds its link.
 */
export function PaymentDialog({ open, onOpenChange, stageData, orderAmount, unitLabel }: PaymentDialogProps) {
  const status = paymentStatusDisplay(stageData.paymentStatus);
  const amount = depositAmount(stageData, orderAmount);
  const paymentUrl = typeof stageData.paymentUrl === 'string' ? stageData.paymentUrl : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deposit payment</DialogTitle>
          <DialogDescription>Deposit for {unitLabel}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 rounded-lg border p-4 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Deposit amount</dt>
            <dd className="font-semibold text-lg">{amount || 'Not available'}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">Payment status</dt>
            <dd>
              <span
                data-tone={status.tone}
                className={cn(
                  'rounded-full border px-2.5 py-0.5 font-semibold text-xs',
                  TONE_CLASSES[status.tone],
                )}
              >
                {status.label}
              </span>
            </dd>
          </div>
        </dl>
        {!paymentUrl && status.tone !== 'paid' && (
          <p className="text-muted-foreground text-sm">
            The payment link is not available yet. Please check back later.
          </p>
        )}
        {paymentUrl && status.tone !== 'paid' && (
          <DialogFooter>
            <Button asChild>
              <a href={paymentUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Open Payment Page
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
