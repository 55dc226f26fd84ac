/**
 * Forgot password: e-mail, then a code, then a new password for an ACTIVE account or the account set-up
 * for a PENDING one. Unlike the sign-in forms, this flow reports bad input with toasts ('Invalid code',
 * 'Password too short', "Passwords don't match").
 */
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { toastError, toastSuccess } from '../../lib/notify';
import { checkResetCode, forgotPassword, resetPassword, setPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { CodeField, CodeSentDescription, EmailForm, NewPasswordForm, ResendCode } from './forms';
import { codeSentToast, type SignedInHandler } from './signed-in';

type AccountStatus = 'ACTIVE' | 'PENDING';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; status: AccountStatus }
  | { name: 'new_password'; email: string; code: string }
  | { name: 'create_password'; email: string; code: string };

export const NOT_FOUND_ALERT =
  "We couldn't find an account with that email address. Please check your spelling or create a new account.";

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

  const request = useMutation({ mutationFn: forgotPassword });

  switch (step.name) {
    case 'email':
      return (
        <AuthStep
          key="email"
          title="Reset your password"
          description="Enter the email of your account and we'll send you a verification code."
          back={{ label: 'Back to sign in', onClick: onCancel }}
        >
          {notFound && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <p>{NOT_FOUND_ALERT}</p>
            </Alert>
          )}
          <EmailForm
            defaultEmail={email}
            busy={request.isPending}
            submitLabel="Send code"
            onSubmit={(address) => {
              setEmail(address);
              request.mutate(address, {
                onSuccess: ({ status }) => {
                  if (status === 'ACTIVE' || status === 'PENDING') {
                    setNotFound(false);
                    toast(codeSentToast(address));
                    setStep({ name: 'code', email: address, status });
                  } else {
                    setNotFound(true);
                    toastError('Email not found', undefined, 'No account exists with this email address');
                  }
                },
                onError: () => toastError('Failed to process request', undefined, 'Please try again later'),
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
  const check = useMutation({ mutationFn: (value: string) => checkResetCode(email, value) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      toastError('Invalid code', undefined, 'Please enter a valid 6-digit verification code');
      return;
    }
    check.mutate(code, {
      onSuccess: () => {
        toastSuccess('Verification successful');
        onVerified(code);
      },
      onError: (error) => toastError('Verification failed', error, 'Invalid verification code'),
    });
  };

  return (
    <AuthStep
      key="code"
      title="Enter verification code"
      description={<CodeSentDescription email={email} />}
      back={{ label: 'Use a different email', onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <CodeField
          value={code}
          onChange={(event) =>
            setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))
          }
        />
        <Button type="submit" size="lg" loading={check.isPending}>
          Verify code
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
  const reset = useMutation({ mutationFn: resetPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      toastError('Password too short', undefined, 'Password must be at least 8 characters long');
      return;
    }
    if (password !== confirmPassword) {
      toastError("Passwords don't match", undefined, 'Please make sure your passwords match');
      return;
    }
    reset.mutate(
      { email, password, confirmPassword, code },
      {
        onSuccess: () => {
          toastSuccess('Password reset successful', 'Sign in with your new password.');
          onDone();
        },
        onError: () => toastError('Failed to reset password', undefined, 'Please try again'),
      },
    );
  };

  return (
    <AuthStep
      key="new_password"
      title="Choose a new password"
      description="Use at least 8 characters. You'll be signed out everywhere and sign in again with it."
      back={{ label: 'Start over', onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPasswordValue(event.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          Reset password
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
  const create = useMutation({ mutationFn: setPassword });
  return (
    <AuthStep
      key="create_password"
      title="Set up your account"
      description={`Your account for ${email} has no password yet. Choose one to finish setting it up.`}
      back={{ label: 'Start over', onClick: onBack }}
    >
      <NewPasswordForm
        email={email}
        busy={create.isPending}
        submitLabel="Finish setup"
        onSubmit={(password) =>
          create.mutate(
            { email, password, confirmPassword: password, code },
            {
              onSuccess: ({ user }) =>
                onSignedIn(user, {
                  variant: 'success',
                  title: 'Account setup complete',
                  description: `Welcome, ${user.email}`,
                }),
              onError: (error) => toastError('Failed to set password', error, 'Something went wrong'),
            },
          )
        }
      />
    </AuthStep>
  );
}
