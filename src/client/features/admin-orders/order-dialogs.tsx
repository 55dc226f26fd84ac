/**
 * The dialogs a row can open (Change Status, View Details, Delete), shared by the orders page and the
 * dashboard. Each keeps its last target after closing so it can animate out with its content.
 *
 * Each is a chunk of its own, loaded when a row first opens it: the form library and the dialogs'
 * code stay out of the first load of the dashboard and the orders list (decision 196).
 */
import { type ReactNode, Suspense, useState } from 'react';
import type { StatusChangeResult } from '../../../shared/schemas/admin-orders.js';
import { lazyChunk } from '../../lib/lazy-chunk';
import type { DeleteTarget } from './delete-dialog';
import type { DetailsTarget } from './details-dialog';
import type { StatusTarget } from './status-dialog';

const StatusDialog = lazyChunk(() => import('./status-dialog').then((m) => ({ default: m.StatusDialog })));
const OrderDetailsDialog = lazyChunk(() =>
  import('./details-dialog').then((m) => ({ default: m.OrderDetailsDialog })),
);
const DeleteOrderDialog = lazyChunk(() =>
  import('./delete-dialog').then((m) => ({ default: m.DeleteOrderDialog })),
);

function useDialog<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  return {
    target,
    open,
    setOpen,
    returnFocus,
    show: (next: T, from: HTMLElement | null = null) => {
      setTarget(next);
      setReturnFocus(from);
      setOpen(true);
    },
  };
}

export interface OrderDialogs {
  /** `from`: the element focus returns to on closing, when it is not the one that had it on opening. */
  showStatus: (target: StatusTarget, from?: HTMLElement | null) => void;
  showDetails: (target: DetailsTarget, from?: HTMLElement | null) => void;
  showDelete: (target: DeleteTarget, from?: HTMLElement | null) => void;
  dialogs: ReactNode;
}

export function useOrderDialogs(
  onStatusChanged?: (result: StatusChangeResult) => void,
  onDeleted?: () => void,
): OrderDialogs {
  const status = useDialog<StatusTarget>();
  const details = useDialog<DetailsTarget>();
  const remove = useDialog<DeleteTarget>();
  return {
    showStatus: status.show,
    showDetails: details.show,
    showDelete: remove.show,
    // Each mounts with its first target and stays mounted after, so that it can animate out.
    dialogs: (
      <Suspense fallback={null}>
        {status.target && (
          <StatusDialog
            target={status.target}
            open={status.open}
            onOpenChange={status.setOpen}
            onChanged={onStatusChanged}
            returnFocus={status.returnFocus}
          />
        )}
        {details.target && (
          <OrderDetailsDialog
            target={details.target}
            open={details.open}
            onOpenChange={details.setOpen}
            returnFocus={details.returnFocus}
          />
        )}
        {remove.target && (
          <DeleteOrderDialog
            target={remove.target}
            open={remove.open}
            onOpenChange={remove.setOpen}
            returnFocus={remove.returnFocus}
            onDeleted={onDeleted}
          />
        )}
      </Suspense>
    ),
  };
}
