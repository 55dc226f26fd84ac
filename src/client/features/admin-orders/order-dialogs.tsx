/**
 * The dialogs a row can open (Change Status, View Details, Delete), shared by the orders page and the
 * dashboard. Each keeps its last target after closing so it can animate out with its content.
 */
import { type ReactNode, useState } from 'react';
import type { StatusChangeResult } from './api';
import { DeleteOrderDialog, type DeleteTarget } from './delete-dialog';
import { type DetailsTarget, OrderDetailsDialog } from './details-dialog';
import { StatusDialog, type StatusTarget } from './status-dialog';

function useDialog<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    setOpen,
    show: (next: T) => {
      setTarget(next);
      setOpen(true);
    },
  };
}

export interface OrderDialogs {
  showStatus: (target: StatusTarget) => void;
  showDetails: (target: DetailsTarget) => void;
  showDelete: (target: DeleteTarget) => void;
  dialogs: ReactNode;
}

export function useOrderDialogs(onStatusChanged?: (result: StatusChangeResult) => void): OrderDialogs {
  const status = useDialog<StatusTarget>();
  const details = useDialog<DetailsTarget>();
  const remove = useDialog<DeleteTarget>();
  return {
    showStatus: status.show,
    showDetails: details.show,
    showDelete: remove.show,
    dialogs: (
      <>
        <StatusDialog
          target={status.target}
          open={status.open}
          onOpenChange={status.setOpen}
          onChanged={onStatusChanged}
        />
        <OrderDetailsDialog target={details.target} open={details.open} onOpenChange={details.setOpen} />
        <DeleteOrderDialog target={remove.target} open={remove.open} onOpenChange={remove.setOpen} />
      </>
    ),
  };
}
