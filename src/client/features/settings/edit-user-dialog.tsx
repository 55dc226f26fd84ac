/** Edit User: saved at once with 'Save Changes'; the user's sessions can be ended from here too. */
import type { AdminUser } from '../../../shared/schemas/customers.js';
import { isBlankPassword } from '../../../shared/schemas/customers.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useUpdateUser } from '../customers/api';
import { EndSessionsSection } from '../security/end-sessions-section';
import { UserForm } from './user-form';

export function EditUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Leave the password blank to keep the current one.</DialogDescription>
        </DialogHeader>
        {open && (
          <UserForm
            key={user.id}
            initial={{ email: user.email, password: '', confirmPassword: '', role: user.role }}
            submitLabel="Save Changes"
            busy={update.isPending}
            onCancel={() => onOpenChange(false)}
            onSubmit={(values) =>
              update.mutate(
                {
                  id: user.id,
                  body: {
                    email: values.email,
                    role: values.role,
                    ...(isBlankPassword(values.password) ? {} : { password: values.password }),
                  },
                },
                {
                  onSuccess: (updated) => {
                    toastSuccess('User updated', updated.email);
                    onOpenChange(false);
                  },
                  onError: (error) => toastError('Failed to update user', error, GENERIC_ERROR),
                },
              )
            }
          />
        )}
        {open && <EndSessionsSection userId={user.id} email={user.email} />}
      </DialogContent>
    </Dialog>
  );
}
