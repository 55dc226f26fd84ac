import type { UserDetail } from '../../../shared/schemas/customers.js';
import { EmailText } from '../../components/email-text';
import { Button } from '../../components/ui/button';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useSendPasswordReset } from './api';
import { useFocusOnMount } from './use-focus-on-mount';

/** Reset Password: asks first, then 'Send Reset Link' mails the user a code and a link. */
export function ResetPasswordPanel({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const reset = useSendPasswordReset();
  const confirmRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Send <EmailText email={user.email} className="font-medium" /> a code and a link to choose a new
        password? Their current password keeps working until they do.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button
          ref={confirmRef}
          loading={reset.isPending}
          onClick={() =>
            reset.mutate(user.id, {
              onSuccess: ({ message }) => {
                toastSuccess('Password reset initiated', message);
                onDone();
              },
              onError: (error) => toastError('Failed to reset password', error, GENERIC_ERROR),
            })
          }
        >
          Send Reset Link
        </Button>
      </div>
    </div>
  );
}
