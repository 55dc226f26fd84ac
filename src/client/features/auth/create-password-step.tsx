/** The forgot-password flow's account set-up for a PENDING account: the new password signs it in. */
import { setPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { NewPasswordForm } from './forms';
import { useAuthMessages } from './messages';
import type { SignedInHandler } from './signed-in';
import { useCall } from './use-call';

export function CreatePasswordStep({
  email,
  code,
  onBack,
  onSignedIn,
}: {
  email: string;
  code: string;
  onBack: () => void;
  onSignedIn: SignedInHandler;
}) {
  const create = useCall(setPassword);
  const { t, failed } = useAuthMessages();
  return (
    <AuthStep
      key="create_password"
      title={t('create.setUpTitle')}
      description={t('forgot.setUpDescription', { email })}
      back={{ label: t('forgot.startOver'), onClick: onBack }}
    >
      <NewPasswordForm
        email={email}
        busy={create.isPending}
        submitLabel={t('code.finishSetup')}
        onSubmit={(password) =>
          create.mutate(
            { email, password, confirmPassword: password, code },
            {
              onSuccess: ({ user }) =>
                onSignedIn(user, {
                  variant: 'success',
                  title: t('signedIn.setupCompleteTitle'),
                  description: t('signedIn.welcome', { email: user.email }),
                }),
              onError: (error) => failed(t('code.setPasswordFailed'), error, t('errors.generic')),
            },
          )
        }
      />
    </AuthStep>
  );
}
