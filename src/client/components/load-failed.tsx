import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * What a page or list shows when its data could not be loaded: the reason, and a button that asks
 * again. `retryLabel` is for translated screens; the back office is in English.
 */
export function LoadFailed({
  children,
  onRetry,
  retryLabel = 'Try again',
}: {
  children: ReactNode;
  onRetry: () => unknown;
  retryLabel?: string;
}) {
  return (
    <Alert variant="destructive">
      <span className="col-span-2 flex flex-wrap items-center justify-between gap-3">
        {children}
        <Button variant="outline" size="sm" onClick={() => onRetry()}>
          {retryLabel}
        </Button>
      </span>
    </Alert>
  );
}
