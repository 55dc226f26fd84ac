import { type UserDetail, userHasOrdersMessage } from '../../../shared/schemas/customers.js';
import { EmailText } from '../../components/email-text';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { refusedOrderCount, useDeleteUser } from './api';
import { useFocusOnMount } from './use-focus-on-mount';

/** Delete User: 'Confirm Deletion' removes the user; a user with orders cannot be deleted. */
export function DeleteUserPanel({
  user,
  onCancel,
  onDeleted,
}: {
  user: UserDetail;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteUser();
  const confirmRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Delete <EmailText email={user.email} className="font-medium" /> for good? Their sign-in and settings
        are removed; this cannot be undone.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={confirmRef}
          variant="destructive"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(user.id, {
              onSuccess: () => {
                toastSuccess('User deleted');
                onDeleted();
              },
              onError: (error) => {
                const orders = refusedOrderCount(error);
                if (orders === undefined) toastError('Failed to delete user', error, GENERIC_ERROR);
                else
                  toast({
                    variant: 'destructive',
                    title: 'Cannot delete user',
                    description: userHasOrdersMessage(orders),
                  });
              },
            })
          }
        >
          Confirm Deletion
        </Button>
      </div>
    </div>
  );
}
