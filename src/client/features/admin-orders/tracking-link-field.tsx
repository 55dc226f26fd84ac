import { Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { trackingUrl } from '../tracking/api';
import { useReplaceTrackingLink } from './api';

/**
 * The order's public tracking page, to copy into a message to the customer, and its replacement for
 * a link that reached the wrong hands (the old one answers 'not found' from then on).
 */
export function TrackingLinkField({ orderId, token }: { orderId: number; token: string }) {
  const replace = useReplaceTrackingLink(orderId);
  const [confirming, setConfirming] = useState(false);
  const can = useCan();
  const hintId = useId();
  const url = trackingUrl(token);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Tracking link copied');
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Select the link and copy it by hand.',
      });
    }
  }

  function confirmReplace() {
    replace.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toastSuccess('Tracking link replaced', 'The previous link no longer works.');
      },
      onError: (error) => toastError('Error replacing the tracking link', error, GENERIC_ERROR),
    });
  }

  return (
    <section className="grid gap-2">
      <TextField
        label="Tracking link"
        readOnly
        value={url}
        className="bg-muted font-mono text-xs sm:text-xs"
        spellCheck={false}
        aria-describedby={hintId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id={hintId} className="text-muted-foreground text-xs">
        Anyone with this link sees the product and the units' progress, nothing personal.
      </p>
      {confirming ? (
        <div className="grid gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm">
          <p>The current link will stop working. The customer needs the new one to follow the order.</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="destructive"
              loading={replace.isPending}
              onClick={confirmReplace}
            >
              Replace link
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep current link
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          {can('orders.status') && (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              Replace link…
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
