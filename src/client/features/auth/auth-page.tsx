/**
 * The sign-in screen. One screen, several steps: the e-mail decides between signing in with a password
 * and choosing one (new or pending account); both end with a code sent by e-mail. The page around it
 * (the sign-in app, or the full app's /auth route) says what happens once a call answers with the user.
 * Light on purpose: it is most of the first load of /auth (no router, TanStack Query or i18next).
 */
import { lazy, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { type SignInFactors, verifyEmail as verifyEmailCall } from './auth-api';
import { AuthLayout, AuthStep } from './auth-layout';
import { ForgotPasswordFlow } from './forgot-password-flow';
import { EmailForm, NewPasswordForm } from './forms';
import { useAuthMessages } from './messages';
import { PasswordStep } from './password-step';
import { SecondFactorStep } from './second-factor-step';
import { codeSentToast, type SignedInHandler } from './signed-in';
import { useCall } from './use-call';
import { VerificationStep } from './verification-step';

type Step =
  | { name: 'email' }
  | { name: 'password'; email: string }
  | { name: 'create_password'; email: string; pending: boolean }
  | { name: 'verification'; email: string; newPassword?: { password: string; pending: boolean } }
  | { name: 'second_factor'; email: string; factors: SignInFactors }
  | { name: 'forgot_password'; email: string; codeSentFor?: 'ACTIVE' | 'PENDING' }
  | { name: 'invitation'; token: string };

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

/** Loaded only from an invitation link: every other visit to the sign-in screen goes without it. */
const InvitationStep = lazy(() => import('./invitation-step').then((m) => ({ default: m.InvitationStep })));

/** The link of a staff invitation (`/auth?invitation=<token>`, decision 290). */
function invitationLinkStep(params: URLSearchParams): Step | null {
  const token = params.get('invitation');
  return token ? { name: 'invitation', token } : null;
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
    () =>
      invitationLinkStep(new URLSearchParams(search)) ??
      resetLinkStep(new URLSearchParams(search)) ?? { name: 'email' },
  );
  // The invitation's token leaves the address bar (and so the history and any shared copy of it) once
  // read: the step keeps it.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('invitation'))
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
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

    case 'invitation':
      return (
        <AuthLayout>
          <InvitationStep
            token={step.token}
            onAccepted={(address) => {
              setEmail(address);
              setStep({ name: 'password', email: address });
            }}
            onSignIn={() => setStep({ name: 'email' })}
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
