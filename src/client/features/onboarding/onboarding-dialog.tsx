/**
 * The onboarding dialog: large, not dismissed by a click outside or by Escape while the form is
 * unfinished (a long form lost by a stray click is worse than one extra click), yet always closable
 * with its Close and Cancel buttons so keyboard users are never trapped. After a successful submission
 * it shows 'Onboarding Completed' for 2 s, closes, and resets 300 ms later, once the closing animation
 * is over.
 */
import { useIsMutating } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItemDetailsDto } from '../../../shared/schemas/orders.js';
import { Alert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { lazyChunk } from '../../lib/lazy-chunk';
import { useItemDetails } from '../orders/api';
import { onboardingKeys } from './api';
import type { AccountPrefill } from './form-model';

// The form (react-hook-form, the schema, the maps loader) loads only when a customer opens it.
const OnboardingForm = lazyChunk(() => import('./onboarding-form'));

/** How long 'Onboarding Completed' stays, and how long after closing the dialog resets. */
export const COMPLETED_MESSAGE_MS = 2000;
export const RESET_AFTER_CLOSE_MS = 300;

export type OnboardingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order's internal id, as in the URL paths. */
  orderId: number;
  orderItemId: number;
  itemNumber: number;
  /** The unit's name, as its card shows it ('VH1042 · Unit 2', src/shared/unit-name.ts). */
  unitLabel: string;
  onSuccess?: () => void;
};

export function OnboardingDialog({
  open,
  onOpenChange,
  orderId,
  orderItemId,
  itemNumber,
  unitLabel,
  onSuccess,
}: OnboardingDialogProps) {
  const { t } = useTranslation('onboarding');
  const [completed, setCompleted] = useState(false);
  const submitting = useIsMutating({ mutationKey: onboardingKeys.submit(orderItemId) }) > 0;

  // The parent may pass a new callback on every render (the order refetch re-renders it right after
  // success); that must not restart the 2 s.
  const closeAfterCompletion = useEffectEvent(() => onOpenChange(false));
  useEffect(() => {
    if (!completed || !open) return;
    const timer = setTimeout(closeAfterCompletion, COMPLETED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [completed, open]);

  useEffect(() => {
    if (open || !completed) return;
    const timer = setTimeout(() => setCompleted(false), RESET_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, completed]);

  const blockUntilFinished = (event: Event) => {
    if (!completed) event.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // A submission in flight finishes first; its answer decides what the dialog shows.
        if (!next && submitting) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="flex max-w-3xl flex-col gap-0 overflow-hidden p-0"
        onInteractOutside={blockUntilFinished}
        onEscapeKeyDown={blockUntilFinished}
      >
        {completed ? (
          <Completed />
        ) : (
          <>
            <DialogHeader className="border-b px-4 pt-5 pb-4 sm:px-6">
              <DialogTitle>{t('title')}</DialogTitle>
              <DialogDescription>{t('description', { unit: unitLabel })}</DialogDescription>
            </DialogHeader>
            <DialogBody
              orderId={orderId}
              orderItemId={orderItemId}
              itemNumber={itemNumber}
              onSubmitted={() => {
                setCompleted(true);
                onSuccess?.();
              }}
              onCancel={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DialogBody({
  orderId,
  orderItemId,
  itemNumber,
  onSubmitted,
  onCancel,
}: {
  orderId: number;
  orderItemId: number;
  itemNumber: number;
  onSubmitted: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const details = useItemDetails(orderItemId);
  if (details.isPending) return <Loading />;
  // Signed out in the meantime: the lookup yields no user and no error, not a failure to report.
  const failed = details.isError && !isApiError(details.error, 401);
  return (
    <>
      {failed && (
        <Alert variant="destructive" className="mx-4 mt-4 w-auto sm:mx-6">
          <CircleAlert aria-hidden="true" />
          <p>{t('fetchFailed')}</p>
        </Alert>
      )}
      <Suspense fallback={<Loading />}>
        <OnboardingForm
          orderId={orderId}
          orderItemId={orderItemId}
          itemNumber={itemNumber}
          account={accountPrefill(details.data)}
          saved={details.data?.item.currentStageData.onboardingData}
          onSubmitted={onSubmitted}
          onCancel={onCancel}
        />
      </Suspense>
    </>
  );
}

/** What the account already holds, for the form to start from. */
function accountPrefill(details: OrderItemDetailsDto | undefined): AccountPrefill {
  if (!details) return {};
  const { user, order } = details;
  return {
    email: user?.email,
    firstName: user?.firstName,
    lastName: user?.lastName,
    phoneNumber: user?.phoneNumber,
    shippingAddress: order.shippingAddress,
    orderPhone: order.phoneNumber,
    zipCode: order.zipCode,
  };
}

function Loading() {
  return (
    <div className="flex min-h-48 items-center justify-center text-primary">
      <Spinner className="size-8" />
    </div>
  );
}

function Completed() {
  const { t } = useTranslation('onboarding');
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-success" />
      <DialogTitle className="text-xl">{t('completed.title')}</DialogTitle>
      <DialogDescription>{t('completed.text')}</DialogDescription>
    </div>
  );
}
