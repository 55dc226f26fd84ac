/** Add User: a fresh form every opening; the user is created at once. */
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useCreateUser } from '../customers/api';
import { UserForm } from './user-form';

export function AddUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            The new user signs in with this email and password. Choose a staff role (ADMIN, OPERATIONS,
            SUPPORT or VIEWER) for back-office access.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form every opening. */}
        {open && (
          <UserForm
            mode="add"
            initial={{ email: '', password: '', confirmPassword: '', role: 'ADMIN' }}
            submitLabel="Add User"
            busy={create.isPending}
            onCancel={() => onOpenChange(false)}
            onSubmit={(values) =>
              create.mutate(
                { email: values.email, password: values.password, role: values.role },
                {
                  onSuccess: (user) => {
                    toastSuccess('User created', user.email);
                    onOpenChange(false);
                  },
                  onError: (error) => toastError('Failed to create user', error, GENERIC_ERROR),
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
