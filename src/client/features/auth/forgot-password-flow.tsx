/**
 * Forgot password: e-mail, then a code, then a new password for an ACTIVE account or the account set-up
 * for a PENDING one. Unlike the sign-in forms, this flow reports bad input with toasts ('Invalid code',
 * 'Password too short', "Passwords don't match").
 */
import { type FormEvent, useState } from 'react';
import { PASSWORD_MAX_LENGTH } from '../../../shared/auth-rules.js';
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import { CircleAlertIcon } from '../../components/light/icons';
import { Alert, Button, PasswordField } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { checkResetCode, forgotPassword, resetPassword, setPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { CodeField, CodeSentDescription, EmailForm, NewPasswordForm, ResendCode } from './forms';
import { useAuthMessages } from './messages';
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

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

function ResetCodeStep({
  email,
  onBack,
  onVerified,
}: {
  email: string;
  onBack: () => void;
  onVerified: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const { t, failed } = useAuthMessages();
  const check = useCall((value: string) => checkResetCode(email, value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      failed(
        t('forgot.invalidCodeTitle'),
        undefined,
        t('forgot.invalidCodeDescription', { length: VERIFICATION_CODE_LENGTH }),
      );
      return;
    }
    check.mutate(code, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('forgot.verified') });
        onVerified(code);
      },
      onError: (error) => failed(t('code.verificationFailed'), error, t('code.invalidCode')),
    });
  };

  return (
    <AuthStep
      key="code"
      title={t('forgot.codeTitle')}
      description={<CodeSentDescription email={email} />}
      back={{ label: t('email.useDifferent'), onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <CodeField
          value={code}
          onChange={(event) =>
            setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))
          }
        />
        <Button type="submit" size="lg" loading={check.isPending}>
          {t('forgot.verifyCode')}
        </Button>
      </form>
      <ResendCode email={email} send={() => forgotPassword(email)} />
    </AuthStep>
  );
}

function NewPasswordStep({
  email,
  code,
  onBack,
  onDone,
}: {
  email: string;
  code: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const [password, setPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const reset = useCall(resetPassword);
  const { t, failed } = useAuthMessages();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      failed(
        t('forgot.tooShortTitle'),
        undefined,
        t('forgot.tooShortDescription', { min: MIN_PASSWORD_LENGTH }),
      );
      return;
    }
    if (password !== confirmPassword) {
      failed(t('forgot.mismatchTitle'), undefined, t('forgot.mismatchDescription'));
      return;
    }
    reset.mutate(
      { email, password, confirmPassword, code },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: t('forgot.resetDone'),
            description: t('forgot.resetDoneDescription'),
          });
          onDone();
        },
        onError: () => failed(t('forgot.resetFailed'), undefined, t('forgot.tryAgain')),
      },
    );
  };

  return (
    <AuthStep
      key="new_password"
      title={t('forgot.newPasswordTitle')}
      description={t('forgot.newPasswordDescription', { min: MIN_PASSWORD_LENGTH })}
      back={{ label: t('forgot.startOver'), onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('forgot.newPasswordLabel')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPasswordValue(event.target.value)}
        />
        <PasswordField
          label={t('forgot.confirmNewPasswordLabel')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          {t('forgot.resetSubmit')}
        </Button>
      </form>
    </AuthStep>
  );
}

function CreatePasswordStep({
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
