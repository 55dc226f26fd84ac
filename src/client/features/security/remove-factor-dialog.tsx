/** Removing the authenticator app or one passkey, after the password. */
import { errorFields, errorMessage } from '../../lib/api';
import { toastSuccess } from '../../lib/notify';
import { PasswordDialog } from './password-dialog';
import { type Removal, useRemoveFactor } from './second-factor-api';

export function RemoveFactorDialog({ removal, onClose }: { removal: Removal; onClose: () => void }) {
  const remove = useRemoveFactor();
  const what = removal.kind === 'totp' ? 'the authenticator app' : `the passkey “${removal.name}”`;
  return (
    <PasswordDialog
      title={removal.kind === 'totp' ? 'Remove the authenticator app' : 'Remove the passkey'}
      description={`Enter your password to remove ${what}. Without any second factor, you sign in with a code sent by e-mail.`}
      submitLabel="Remove"
      pending={remove.isPending}
      onClose={onClose}
      onSubmit={(password, refuse) =>
        remove.mutate(
          { removal, password },
          {
            onSuccess: () => {
              toastSuccess(removal.kind === 'totp' ? 'Authenticator app removed' : 'Passkey removed');
              onClose();
            },
            onError: (e) => refuse(errorFields(e).password ?? errorMessage(e) ?? 'Something went wrong'),
          },
        )
      }
    />
  );
}
