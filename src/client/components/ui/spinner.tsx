import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';
import { useUiLabels } from './labels';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; null when the surrounding control already says what is happening. */
  label?: string | null;
}

export function Spinner({ className, label }: SpinnerProps) {
  const labels = useUiLabels();
  const announced = label === undefined ? labels.loading : label;
  return (
    <span role={announced ? 'status' : undefined} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-current', className)} />
      {announced && <span className="sr-only">{announced}</span>}
    </span>
  );
}

/** Fills the space of a page that is still loading. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center text-primary">
      <Spinner className="size-8" />
    </div>
  );
}
