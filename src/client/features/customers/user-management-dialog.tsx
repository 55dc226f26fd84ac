/**
 * User Management (from the Customers page): the user's info and orders, and three actions, each
 * opening its own panel under the buttons: Reset Password (confirm, then 'Send Reset Link'), Change
 * Email, Delete User (two steps: 'Delete User', then 'Confirm Deletion').
 */

import { useEffect, useState } from 'react';
import { EmailText } from '../../components/email-text';
import { Alert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { useUserDetail } from './api';
import { type UserAction, UserActions } from './user-actions';
import { UserInfo } from './user-info';
import { UserOrders } from './user-orders';

export function UserManagementDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useUserDetail(open ? userId : null);
  const [action, setAction] = useState<UserAction>(null);

  // Every opening, and every other user, starts with no action chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a new user or a new opening.
  useEffect(() => setAction(null), [userId, open]);

  const user = detail.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>User Management</DialogTitle>
          <DialogDescription className="break-words">
            {user ? <EmailText email={user.email} /> : 'Account details, orders and actions.'}
          </DialogDescription>
        </DialogHeader>

        {detail.isPending && (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        )}
        {detail.isError && (
          <Alert variant="destructive">
            <span className="col-span-2">{errorMessage(detail.error) ?? 'We could not load this user.'}</span>
          </Alert>
        )}
        {user && (
          <>
            <UserInfo user={user} />
            <UserOrders orders={user.orders} />
            <UserActions
              user={user}
              action={action}
              onActionChange={setAction}
              onDeleted={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
