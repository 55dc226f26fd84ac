/**
 * Adding a passkey asks for the password first (decision 210); a wrong one keeps the dialog open with
 * the refusal under the field, before the browser is asked to create anything.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import type { enrolledSchema } from '../../../shared/schemas/security.js';
import { errorFields } from '../../lib/api';
import { toastError } from '../../lib/notify';
import { useEnrolFieldMessage } from './enrol-messages';
import { PasswordDialog } from './password-dialog';
import { useAddPasskey } from './second-factor-api';

export function AddPasskeyDialog({
  name,
  onClose,
  onDone,
}: {
  /** The name typed beside "Add a passkey", trimmed; empty when none was given. */
  name?: string;
  onClose: () => void;
  onDone: (answer: z.output<typeof enrolledSchema>) => void;
}) {
  const { t } = useTranslation('account');
  const enrolFieldMessage = useEnrolFieldMessage();
  const addPasskey = useAddPasskey();
  return (
    <PasswordDialog
      title={t('enrolFactor.addPasskeyTitle')}
      description={`${t('enrolFactor.addPasskeyDescription')} ${t('enrolFactor.addedNotice')}`}
      label={t('enrolFactor.passwordLabel')}
      submitLabel={t('enrolFactor.addPasskeySubmit')}
      pending={addPasskey.isPending}
      fieldMessage={enrolFieldMessage}
      onClose={onClose}
      onSubmit={(password, refuse) =>
        addPasskey.mutate(
          { name, password },
          {
            onSuccess: onDone,
            onError: (e) => {
              const wrongPassword = errorFields(e).password;
              if (wrongPassword) {
                refuse(wrongPassword);
                return;
              }
              toastError(
                'The passkey was not added',
                e,
                'The browser did not create a passkey. Please try again.',
              );
              onClose();
            },
          },
        )
      }
    />
  );
}
