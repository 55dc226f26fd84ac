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
    dialogs: (
      <>
        <StatusDialog
          target={status.target}
          open={status.open}
          onOpenChange={status.setOpen}
          onChanged={onStatusChanged}
          returnFocus={status.returnFocus}
        />
        <OrderDetailsDialog
          target={details.target}
          open={details.open}
          onOpenChange={details.setOpen}
          returnFocus={details.returnFocus}
        />
        <DeleteOrderDialog
          target={remove.target}
          open={remove.open}
          onOpenChange={remove.setOpen}
          returnFocus={remove.returnFocus}
          onDeleted={onDeleted}
        />
      </>
    ),
  };
}
