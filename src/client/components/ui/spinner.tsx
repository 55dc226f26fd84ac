import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; null when the surrounding control already says what is happening. */
  label?: string | null;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-current', className)} />
      {label && <span className="sr-only">{label}</span>}
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
