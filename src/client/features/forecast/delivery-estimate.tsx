import { Truck } from 'lucide-react';
import type { DeliveryEstimate } from '../../../shared/schemas/forecast.js';
import { formatDateRange } from '../../lib/dates';
import { cn } from '../../lib/utils';

/** What the window rests on, in a few words. */
export function estimateBasisText(estimate: DeliveryEstimate): string {
  if (estimate.basis === 'defaults') return 'Based on typical stage durations';
  const units = estimate.historyUnits;
  return `Based on ${units.toLocaleString()} recently delivered unit${units === 1 ? '' : 's'}`;
}

export function estimateText(estimate: DeliveryEstimate, today = new Date()): string {
  return `Estimated delivery: ${formatDateRange(estimate.from, estimate.to, today)}`;
}

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
  const basis = estimateBasisText(estimate);
  if (compact) {
    return (
      <span data-testid="delivery-estimate" className={cn('text-muted-foreground text-xs', className)}>
        {estimateText(estimate)} <span className="sr-only">({basis})</span>
      </span>
    );
  }
  return (
    <div data-testid="delivery-estimate" className={cn('flex items-start gap-2 text-sm', className)}>
      <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p className="grid">
        <span className="font-medium">{estimateText(estimate)}</span>
        <span className="text-muted-foreground text-xs">{basis}</span>
      </p>
    </div>
  );
}
