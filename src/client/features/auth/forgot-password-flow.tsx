/**
 * Forgot password: e-mail, then a code, then a new password for an ACTIVE account or the account set-up
 * for a PENDING one. Unlike the sign-in forms, this flow reports bad input with toasts ('Invalid code',
 * 'Password too short', "Passwords don't match").
 */
import { useState } from 'react';
import { CircleAlertIcon } from '../../components/light/icons';
import { Alert } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { forgotPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { CreatePasswordStep } from './create-password-step';
import { EmailForm } from './forms';
import { useAuthMessages } from './messages';
import { NewPasswordStep } from './new-password-step';
import { ResetCodeStep } from './reset-code-step';
import { codeSentToast, type SignedInHandler } from './signed-in';
import { useCall } from './use-call';

type AccountStatus = 'ACTIVE' | 'PENDING';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; status: AccountStatus }
  | { name: 'new_password'; email: string; code: string }
  | { name: 'create_password'; email: string; code: string };

export function ForgotPasswordFlow({
  initialEmail,
  codeSentFor,
  onCancel,
  onPasswordReset,
  onSignedIn,
}: {
  initialEmail: string;
  /** A code was already mailed to `initialEmail` (an admin's reset link): start at the code step. */
  codeSentFor?: AccountStatus;
  onCancel: () => void;
  /** Every session of the account has ended; the user signs in again with the new password. */
  onPasswordReset: (email: string) => void;
  onSignedIn: SignedInHandler;
}) {
  const [step, setStep] = useState<Step>(
    codeSentFor ? { name: 'code', email: initialEmail, status: codeSentFor } : { name: 'email' },
  );
  const [email, setEmail] = useState(initialEmail);
  const [notFound, setNotFound] = useState(false);

  const request = useCall(forgotPassword);
  const { t, failed } = useAuthMessages();

  switch (step.name) {
    case 'email':
      return (
        <AuthStep
          key="email"
          title={t('forgot.title')}
          description={t('forgot.description')}
          back={{ label: t('forgot.backToSignIn'), onClick: onCancel }}
        >
          {notFound && (
            <Alert>
              <CircleAlertIcon />
              <p>{t('forgot.notFoundAlert')}</p>
            </Alert>
          )}
          <EmailForm
            defaultEmail={email}
            busy={request.isPending}
            submitLabel={t('forgot.sendCode')}
            onSubmit={(address) => {
              setEmail(address);
              request.mutate(address, {
                onSuccess: ({ status }) => {
                  if (status === 'ACTIVE' || status === 'PENDING') {
                    setNotFound(false);
                    toast(codeSentToast(t, address));
                    setStep({ name: 'code', email: address, status });
                  } else {
                    setNotFound(true);
                    failed(t('forgot.notFoundTitle'), undefined, t('forgot.notFoundDescription'));
                  }
                },
                onError: () => failed(t('forgot.requestFailed'), undefined, t('forgot.tryLater')),
              });
            }}
          />
        </AuthStep>
      );

    case 'code':
      return (
        <ResetCodeStep
          email={step.email}
          onBack={() => setStep({ name: 'email' })}
          onVerified={(code) =>
            setStep(
              step.status === 'ACTIVE'
                ? { name: 'new_password', email: step.email, code }
                : { name: 'create_password', email: step.email, code },
            )
          }
        />
      );

    case 'new_password':
      return (
        <NewPasswordStep
          email={step.email}
          code={step.code}
          onBack={() => setStep({ name: 'email' })}
          onDone={() => onPasswordReset(step.email)}
        />
      );

    case 'create_password':
      return (
        <CreatePasswordStep
          email={step.email}
          code={step.code}
          onBack={() => setStep({ name: 'email' })}
          onSignedIn={onSignedIn}
        />
      );
  }
}
