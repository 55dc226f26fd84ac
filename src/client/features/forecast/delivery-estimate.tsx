import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryEstimate } from '../../../shared/schemas/forecast.js';
import { useFormat } from '../../lib/use-format';
import { cn } from '../../lib/utils';

/** The window a unit's delivery is expected in, and what it rests on (unit cards, order details). */
export function DeliveryEstimateNote({
  estimate,
  compact = false,
  className,
}: {
  estimate: DeliveryEstimate;
  /** One line, for lists of units. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const basis =
    estimate.basis === 'defaults'
      ? t('estimate.defaults')
      : t('estimate.history', { count: estimate.historyUnits });
  const text = t('estimate.window', { window: format.dateRange(estimate.from, estimate.to) });
  if (compact) {
    return (
      <span data-testid="delivery-estimate" className={cn('text-muted-foreground text-xs', className)}>
        {text} <span className="sr-only">({basis})</span>
      </span>
    );
  }
  return (
    <div data-testid="delivery-estimate" className={cn('flex items-start gap-2 text-sm', className)}>
      <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p className="grid">
        <span className="font-medium">{text}</span>
        <span className="text-muted-foreground text-xs">{basis}</span>
      </p>
    </div>
  );
}
