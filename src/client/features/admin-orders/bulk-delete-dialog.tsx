/** Deleting the selected orders: the confirmation names how many, and the delete is all or nothing. */

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
import { useBulkDelete } from './api';

export function ordersCount(count: number): string {
  return counted(count, 'order', 'orders');
}

interface BulkDeleteDialogProps {
  ids: readonly number[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

export function BulkDeleteDialog({ ids, open, onOpenChange, onDeleted }: BulkDeleteDialogProps) {
  const bulkDelete = useBulkDelete();
  function confirm() {
    bulkDelete.mutate(ids, {
      onSuccess: ({ deleted }) => {
        toastSuccess(`${ordersCount(deleted)} deleted`);
        onOpenChange(false);
        onDeleted();
      },
      onError: (error) => toastError('Error deleting orders', error, GENERIC_ERROR),
    });
  }
  return (
    <AlertDialog open={open} onOpenChange={(next) => !bulkDelete.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {ordersCount(ids.length)}?</AlertDialogTitle>
          <AlertDialogDescription>
            The selected orders, their units and their history are removed for good; this cannot be undone. If
            any of them is already gone, none is deleted.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={bulkDelete.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" loading={bulkDelete.isPending} onClick={confirm}>
            Delete {ordersCount(ids.length)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
