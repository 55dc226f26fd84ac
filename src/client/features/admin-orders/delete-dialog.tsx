/** Delete with confirmation: 'Order deleted', or 'Error deleting order' with the reason. */

import { counted } from '../../../shared/plural.js';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useDeleteOrder } from './api';
import { focusOnClose } from './focus';

export interface DeleteTarget {
  id: number;
  label: string;
  productName: string;
  quantity: number;
}

interface DeleteDialogProps {
  target: DeleteTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: HTMLElement | null;
  /** After the order is gone (its own page leaves for the list). */
  onDeleted?: () => void;
}

export function DeleteOrderDialog({
  target,
  open,
  onOpenChange,
  returnFocus = null,
  onDeleted,
}: DeleteDialogProps) {
  const deleteOrder = useDeleteOrder();

  function confirm() {
    if (!target) return;
    deleteOrder.mutate(target.id, {
      onSuccess: () => {
        toastSuccess('Order deleted');
        onOpenChange(false);
        onDeleted?.();
      },
      onError: (error) => {
        toastError('Error deleting order', error, GENERIC_ERROR);
      },
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleteOrder.isPending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={focusOnClose(returnFocus)}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete order {target?.label}?</AlertDialogTitle>
          <AlertDialogDescription>
            {target &&
              `${target.productName}, ${counted(target.quantity, 'unit', 'units')}. The order, its units and their history are removed for good; this cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteOrder.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open while the delete runs and if it fails. */}
          <Button variant="destructive" loading={deleteOrder.isPending} onClick={confirm}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
