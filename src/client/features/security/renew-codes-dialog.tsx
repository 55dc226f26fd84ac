/** Ten new recovery codes after the password; the old ones stop working. */
import { errorFields, errorMessage } from '../../lib/api';
import { PasswordDialog } from './password-dialog';
import { useNewRecoveryCodes } from './second-factor-api';

export function RenewCodesDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (codes: string[]) => void;
}) {
  const renew = useNewRecoveryCodes();
  return (
    <PasswordDialog
      title="New recovery codes"
      description="Enter your password to get ten new recovery codes. The old ones stop working."
      submitLabel="Get new codes"
      pending={renew.isPending}
      onClose={onClose}
      onSubmit={(password, refuse) =>
        renew.mutate(password, {
          onSuccess: (answer) => onDone(answer.recoveryCodes),
          onError: (e) => refuse(errorFields(e).password ?? errorMessage(e) ?? 'Something went wrong'),
        })
      }
    />
  );
}
