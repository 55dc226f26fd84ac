import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { OrderUnit } from '../orders/item-status';
import { useUnitFinancing } from './api';
import { FinancingDialog } from './financing-dialog';
import { FinancingStateBadge } from './financing-state-badge';

/**
 * A unit's financing on its card: at the payment stage, beside paying the deposit, the choice to apply
 * for financing when Settings offers it; from then on the application's state ('Under review',
 * 'Approved'), which a provider's decision updates live (its query sits under the order's key).
 */
export function UnitFinancing({
  orderId,
  unit,
  unitLabel,
}: {
  orderId: number;
  unit: OrderUnit;
  unitLabel: string;
}) {
  const { t } = useTranslation('financing');
  const [open, setOpen] = useState(false);
  // Only units that may apply, or that were financed, ask: the others have nothing to show.
  const relevant = unit.status === 'FINANCING_PAYMENT' || unit.stageData.paymentType === 'finance';
  const itemId = unit.item?.id;
  const financing = useUnitFinancing(orderId, itemId, { enabled: relevant });
  const data = financing.data;
  if (!relevant || !data || itemId === undefined) return null;
  const state = data.application?.state;
  const editable =
    data.offered &&
    (state === undefined || state === 'draft' || state === 'declined' || state === 'withdrawn');
  if (!editable && !state) return null;
  const buttonText = state === undefined ? t('apply') : state === 'draft' ? t('continue') : t('view');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {state && state !== 'draft' && <FinancingStateBadge state={state} />}
      <Button
        variant="outline"
        size="sm"
        className="h-auto min-h-9 flex-1 whitespace-normal py-1.5 sm:flex-none"
        aria-label={`${buttonText} · ${unitLabel}`}
        onClick={() => setOpen(true)}
      >
        <Landmark aria-hidden="true" />
        {buttonText}
      </Button>
      <FinancingDialog
        open={open}
        onOpenChange={setOpen}
        orderId={orderId}
        itemId={itemId}
        unitLabel={unitLabel}
        providers={data.providers}
        hasApplication={Boolean(data.application)}
      />
    </div>
  );
}
