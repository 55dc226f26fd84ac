import { RefreshCw } from 'lucide-react';
import { revalidationSummary } from '../../../shared/schemas/service-areas.js';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useRevalidateLocations } from './api';

/** Revalidate All Orders, after a confirmation, with progress while it runs. */
export function RevalidateOrders({ disabled }: { disabled: boolean }) {
  const revalidate = useRevalidateLocations();

  function start() {
    revalidate.mutate(undefined, {
      onSuccess: (result) => toastSuccess('Location revalidation complete', revalidationSummary(result)),
      onError: (cause) => toastError('Failed to revalidate locations', cause, GENERIC_ERROR),
    });
  }

  return (
    <section aria-labelledby="revalidate-heading" className="grid gap-3 border-t pt-6">
      <h3 id="revalidate-heading" className="font-semibold">
        Revalidate orders
      </h3>
      <p className="text-muted-foreground text-sm">
        Moves every order in an enabled ZIP code that is still at Order Placed to Location Enabled. Orders
        further along are left as they are.
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={disabled}
            loading={revalidate.isPending}
          >
            {!revalidate.isPending && <RefreshCw aria-hidden="true" />}
            Revalidate All Orders
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revalidate all orders?</AlertDialogTitle>
            <AlertDialogDescription>
              Every order in an enabled ZIP code that is still at Order Placed moves to Location Enabled, and
              its customer can start onboarding. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={start}>Revalidate</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <div role="status" aria-live="polite">
        {revalidate.isPending && (
          <div className="grid gap-2">
            <p className="text-muted-foreground text-sm">Revalidating orders…</p>
            <div className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-muted">
              <div className="h-full w-1/3 animate-progress rounded-full bg-primary" />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
