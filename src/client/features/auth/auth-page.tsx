/**
 * The sign-in screen. One screen, several steps: the e-mail decides between signing in with a password
 * and choosing one (new or pending account); both end with a code sent by e-mail. The page around it
 * (the sign-in app, or the full app's /auth route) says what happens once a call answers with the user.
 * Light on purpose: it is most of the first load of /auth (no router, TanStack Query or i18next).
 */
import { useRef, useState } from 'react';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { toast } from '../../components/ui/use-toast';
import { RichText } from '../../lib/texts';
import {
  checkPassword,
  type SignInFactors,
  setPassword,
  verifyEmail as verifyEmailCall,
  verifyLoginCode,
} from './auth-api';
import { AuthLayout, AuthStep } from './auth-layout';
import { ForgotPasswordFlow } from './forgot-password-flow';
import { CodeForm, CodeSentDescription, EmailForm, NewPasswordForm, PasswordForm, ResendCode } from './forms';
import { useAuthMessages } from './messages';
import { SecondFactorStep } from './second-factor-step';
import { codeSentToast, type SignedInHandler } from './signed-in';
import { useCall } from './use-call';

type Step =
  | { name: 'email' }
  | { name: 'password'; email: string }
  | { name: 'create_password'; email: string; pending: boolean }
  | { name: 'verification'; email: string; newPassword?: { password: string; pending: boolean } }
  | { name: 'second_factor'; email: string; factors: SignInFactors }
  | { name: 'forgot_password'; email: string; codeSentFor?: 'ACTIVE' | 'PENDING' };

/**
 * The link of a reset an admin started (`/auth?reset=<email>&status=ACTIVE|PENDING`): the code is
 * already in the user's mail, so the forgot-password flow opens at its code step.
 */
function resetLinkStep(params: URLSearchParams): Step | null {
  const email = params.get('reset');
  const status = params.get('status');
  if (!email || (status !== 'ACTIVE' && status !== 'PENDING')) return null;
  return { name: 'forgot_password', email, codeSentFor: status };
}

export function AuthPage({
  search,
  onSignedIn: signedIn,
}: {
  /** The address's query (`?reset=…`). */
  search: string;
  onSignedIn: SignedInHandler;
}) {
  const [step, setStepState] = useState<Step>(
    () => resetLinkStep(new URLSearchParams(search)) ?? { name: 'email' },
  );
  const [email, setEmail] = useState(step.name === 'forgot_password' ? step.email : '');
  const moved = useRef(false);
  const { t, failed } = useAuthMessages();

  const setStep = (next: Step) => {
    moved.current = true;
    setStepState(next);
  };

  const checkEmail = useCall((address: string) => verifyEmailCall(address));
  const sendCode = useCall((address: string) => verifyEmailCall(address, true));

  const focusHeading = moved.current;

  switch (step.name) {
    case 'email':
      return (
        <AuthLayout>
          <AuthStep
            key="email"
            focusHeading={focusHeading}
            title={t('email.title')}
            description={t('email.description')}
          >
            <EmailForm
              defaultEmail={email}
              busy={checkEmail.isPending}
              onSubmit={(address) => {
                setEmail(address);
                checkEmail.mutate(address, {
                  onSuccess: ({ userExists, needsPassword }) =>
                    setStep(
                      userExists && !needsPassword
                        ? { name: 'password', email: address }
                        : { name: 'create_password', email: address, pending: userExists },
                    ),
                  onError: (error) => failed(t('email.checkFailed'), error, t('errors.generic')),
                });
              }}
            />
          </AuthStep>
        </AuthLayout>
      );

    case 'password':
      return (
        <AuthLayout>
          <PasswordStep
            email={step.email}
            onBack={() => setStep({ name: 'email' })}
            onCodeSent={() => setStep({ name: 'verification', email: step.email })}
            onSecondFactor={(factors) => setStep({ name: 'second_factor', email: step.email, factors })}
            onForgotPassword={() => setStep({ name: 'forgot_password', email: step.email })}
          />
        </AuthLayout>
      );

    case 'create_password':
      return (
        <AuthLayout>
          <AuthStep
            key="create_password"
            title={step.pending ? t('create.setUpTitle') : t('create.createTitle')}
            description={
              step.pending
                ? t('create.setUpDescription', { email: step.email })
                : t('create.createDescription', { email: step.email })
            }
            back={{ label: t('email.useDifferent'), onClick: () => setStep({ name: 'email' }) }}
          >
            <NewPasswordForm
              email={step.email}
              busy={sendCode.isPending}
              submitLabel={t('email.continue')}
              onSubmit={(password) =>
                sendCode.mutate(step.email, {
                  onSuccess: () => {
                    toast(codeSentToast(t, step.email));
                    setStep({
                      name: 'verification',
                      email: step.email,
                      newPassword: { password, pending: step.pending },
                    });
                  },
                  onError: (error) => failed(t('errors.title'), error, t('errors.generic')),
                })
              }
            />
          </AuthStep>
        </AuthLayout>
      );

    case 'verification':
      return (
        <AuthLayout>
          <VerificationStep
            email={step.email}
            newPassword={step.newPassword}
            onSignedIn={signedIn}
            onBack={() =>
              setStep(
                step.newPassword
                  ? { name: 'create_password', email: step.email, pending: step.newPassword.pending }
                  : { name: 'password', email: step.email },
              )
            }
          />
        </AuthLayout>
      );

    case 'second_factor':
      return (
        <AuthLayout>
          <SecondFactorStep
            email={step.email}
            factors={step.factors}
            onSignedIn={signedIn}
            onBack={() => setStep({ name: 'password', email: step.email })}
          />
        </AuthLayout>
      );

    case 'forgot_password':
      return (
        <AuthLayout>
          <ForgotPasswordFlow
            initialEmail={step.email}
            codeSentFor={step.codeSentFor}
            onCancel={() => setStep({ name: 'password', email: step.email })}
            onPasswordReset={(address) => {
              setEmail(address);
              setStep({ name: 'password', email: address });
            }}
            onSignedIn={signedIn}
          />
        </AuthLayout>
      );
  }
}

function PasswordStep({
  email,
  onBack,
  onCodeSent,
  onSecondFactor,
  onForgotPassword,
}: {
  email: string;
  onBack: () => void;
  onCodeSent: () => void;
  /** Staff with a passkey or an authenticator app take that step instead of a mailed code. */
  onSecondFactor: (factors: SignInFactors) => void;
  onForgotPassword: () => void;
}) {
  const { t, failed } = useAuthMessages();
  const login = useCall((password: string) => checkPassword(email, password));
  const sendCode = useCall(() => verifyEmailCall(email, true));
  return (
    <AuthStep
      key="password"
      title={t('password.title')}
      description={
        <RichText
          t={t}
          i18nKey="password.signingInAs"
          values={{ email }}
          components={{ strong: <span className="font-medium text-foreground" /> }}
        />
      }
      back={{ label: t('email.useDifferent'), onClick: onBack }}
    >
      <PasswordForm
        email={email}
        busy={login.isPending || sendCode.isPending}
        onForgotPassword={onForgotPassword}
        onSubmit={(password) =>
          login.mutate(password, {
            // The password is right; the session only comes with the second factor or the code sent now.
            onSuccess: ({ secondFactor }) =>
              secondFactor
                ? onSecondFactor(secondFactor)
                : sendCode.mutate(undefined, {
                    onSuccess: () => {
                      toast(codeSentToast(t, email));
                      onCodeSent();
                    },
                    onError: (error) => failed(t('errors.title'), error, t('errors.generic')),
                  }),
            onError: (error) => failed(t('password.loginFailed'), error, t('password.invalidCredentials')),
          })
        }
      />
    </AuthStep>
  );
}

function VerificationStep({
  email,
  newPassword,
  onSignedIn,
  onBack,
}: {
  email: string;
  /** Set when the code confirms a new password (new or pending account) rather than a sign-in. */
  newPassword?: { password: string; pending: boolean };
  onSignedIn: SignedInHandler;
  onBack: () => void;
}) {
  const { t, failed } = useAuthMessages();
  const verify = useCall(async (code: string): Promise<SessionUser> => {
    if (!newPassword) return (await verifyLoginCode(email, code)).user;
    const { password } = newPassword;
    return (await setPassword({ email, password, confirmPassword: password, code })).user;
  });

  const onVerified = (user: SessionUser) => {
    if (!newPassword) {
      onSignedIn(user, {
        variant: 'success',
        title: t('signedIn.loginTitle'),
        description: t('signedIn.welcomeBack', { email: user.email }),
      });
    } else if (newPassword.pending) {
      onSignedIn(user, {
        variant: 'success',
        title: t('signedIn.passwordSetTitle'),
        description: t('signedIn.welcome', { email: user.email }),
      });
    } else {
      onSignedIn(user, {
        variant: 'success',
        title: t('signedIn.accountCreatedTitle'),
        description: t('signedIn.welcome', { email: user.email }),
      });
    }
  };

  const failureTitle = !newPassword
    ? t('code.verificationFailed')
    : newPassword.pending
      ? t('code.setPasswordFailed')
      : t('code.createFailed');

  return (
    <AuthStep
      key="verification"
      title={t('code.title')}
      description={<CodeSentDescription email={email} />}
      back={{ label: t('code.back'), onClick: onBack }}
    >
      <CodeForm
        busy={verify.isPending}
        submitLabel={
          newPassword
            ? newPassword.pending
              ? t('code.finishSetup')
              : t('code.createAccount')
            : t('code.verifyAndSignIn')
        }
        onSubmit={(code) =>
          verify.mutate(code, {
            onSuccess: onVerified,
            onError: (error) =>
              failed(failureTitle, error, newPassword ? t('errors.generic') : t('code.invalidCode')),
          })
        }
      />
      <ResendCode email={email} send={() => verifyEmailCall(email, true)} />
    </AuthStep>
  );
}
