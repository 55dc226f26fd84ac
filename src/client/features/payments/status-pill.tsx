import { cn } from '../../lib/utils';

/** Paid is green, awaiting funds blue, anything else amber. */
export type PaymentTone = 'paid' | 'awaiting' | 'other';

const TONE_CLASSES: Record<PaymentTone, string> = {
  paid: 'border-success/40 bg-success/10 text-green-800 dark:text-success',
  awaiting: 'border-primary/40 bg-primary/10 text-primary',
  other: 'border-warning/60 bg-warning/15 text-amber-800 dark:text-warning',
};

/** A payment status as a coloured pill; the text carries the meaning, the colour repeats it. */
export function PaymentStatusPill({ label, tone }: { label: string; tone: PaymentTone }) {
  return (
    <span
      data-tone={tone}
      className={cn('rounded-full border px-2.5 py-0.5 font-semibold text-xs', TONE_CLASSES[tone])}
    >
      {label}
    </span>
  );
}
