import { CircleCheck, Clock } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { isWebUrl } from '../../../shared/schemas/web-url.js';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { lazyChunk } from '../../lib/lazy-chunk';
import { cn } from '../../lib/utils';
import { useUpdateItemStatus } from './api';
import type { OrderUnit } from './item-status';
import { PaymentDialog } from './payment-dialog';
import { SigningDialog } from './signing-dialog';
import { ACTION_KEYS, hasPendingAction, type UnitAction, unitAction } from './unit-stage';

// The onboarding form (with its address lookup) loads only when a customer opens it.
const OnboardingDialog = lazyChunk(() =>
  import('../onboarding/onboarding-dialog').then((m) => ({ default: m.OnboardingDialog })),
);

type DialogName = 'onboarding' | 'signing' | 'payment';
type OpenDialog = DialogName | null;

/** Action texts run longer in Spanish and French: on a phone they wrap inside the button, not past the card. */
const WRAPPING = 'h-auto min-h-9 whitespace-normal py-1.5';

/** The red '1' of a pending action; screen readers hear it through the button's label. */
function PendingBadge() {
  return (
    <span
      aria-hidden="true"
      className="flex size-5 items-center justify-center rounded-full bg-destructive font-semibold text-destructive-foreground text-xs"
    >
      1
    </span>
  );
}

/** The header action for the unit's status (see unit-stage.ts), with the dialog it opens. */
export function UnitActionControl({
  order,
  unit,
  label,
  openTask = false,
}: {
  order: OrderDto;
  unit: OrderUnit;
  label: string;
  /** Open the task's dialog on arrival, as a click on the button would (a To-do link, task-link.ts). */
  openTask?: boolean;
}) {
  const { t } = useTranslation('orders');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Each dialog is mounted from its first opening on, so that it can finish its own closing and reset
  // (and a payment page left open is still listened for); never opened, it costs the page nothing: a
  // page of several units taking over its drawn first screen would otherwise mount two per unit.
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(() => new Set());
  const openDialog = (name: DialogName) => {
    setMounted((already) => (already.has(name) ? already : new Set(already).add(name)));
    setDialog(name);
  };
  const updateStatus = useUpdateItemStatus(order.id);
  const action: UnitAction = unitAction(unit);
  const itemId = unit.item?.id;
  // Only a web address is framed or linked, whatever the stored data holds.
  const documentUrl = isWebUrl(unit.stageData.documentUrl) ? unit.stageData.documentUrl : undefined;

  function startSigning() {
    if (itemId === undefined) return;
    updateStatus.mutate(
      { itemId, patch: { status: 'DOCUMENTS_SIGNING' } },
      {
        onSuccess: () => {
          toast({ title: t('signingToast.started'), variant: 'success' });
          openDialog('signing');
        },
        onError: () =>
          toast({
            title: t('signingToast.failed'),
            description: t('signingToast.failedText'),
            variant: 'destructive',
          }),
      },
    );
  }

  function onClick() {
    switch (action) {
      case 'onboarding':
        openDialog('onboarding');
        break;
      case 'start-signing':
        startSigning();
        break;
      case 'sign':
        openDialog('signing');
        break;
      case 'payment':
      case 'paid':
        openDialog('payment');
        break;
    }
  }

  // Once per arrival: the focus is put on the button first, so that closing the dialog returns there.
  const actionButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  const canAct = hasPendingAction(action) && (action === 'payment' || itemId !== undefined);
  useEffect(() => {
    if (!openTask) opened.current = false;
    if (!openTask || opened.current || !canAct) return;
    opened.current = true;
    actionButton.current?.focus();
    onClick();
  });

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      {action === 'processing' && (
        <Button variant="outline" size="sm" disabled className={WRAPPING}>
          <Clock aria-hidden="true" />
          {t(ACTION_KEYS.processing)}
        </Button>
      )}
      {action === 'paid' && (
        <Button
          variant="outline"
          size="sm"
          onClick={onClick}
          className={cn('border-success/50 text-success', WRAPPING)}
        >
          <CircleCheck aria-hidden="true" />
          {t(ACTION_KEYS.paid)}
        </Button>
      )}
      {hasPendingAction(action) && (
        <Button
          ref={actionButton}
          size="sm"
          className={WRAPPING}
          onClick={onClick}
          aria-label={t('unit.pendingAction', { action: t(ACTION_KEYS[action]) })}
          loading={updateStatus.isPending}
          // Onboarding and signing name the unit by its record; a unit known only from the order's
          // status cannot be acted on until the server has created its record.
          disabled={!canAct}
        >
          {t(ACTION_KEYS[action])}
          <PendingBadge />
        </Button>
      )}

      {mounted.has('signing') && (
        <SigningDialog
          open={dialog === 'signing'}
          onOpenChange={closeDialog}
          itemId={itemId}
          orderId={order.id}
          documentUrl={documentUrl}
          unitLabel={label}
        />
      )}
      {mounted.has('payment') && (
        <PaymentDialog
          open={dialog === 'payment'}
          onOpenChange={closeDialog}
          itemId={itemId}
          stageData={unit.stageData}
          money={order.money}
          itemNumber={unit.itemNumber}
          orderDate={order.orderDate}
          unitLabel={label}
          productName={order.productName}
        />
      )}
      {mounted.has('onboarding') && itemId !== undefined && (
        <Suspense fallback={null}>
          <OnboardingDialog
            open={dialog === 'onboarding'}
            onOpenChange={closeDialog}
            orderId={order.id}
            orderItemId={itemId}
            itemNumber={unit.itemNumber}
            unitLabel={label}
          />
        </Suspense>
      )}
    </>
  );
}
