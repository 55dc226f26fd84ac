/**
 * The mailed code that ends a sign-in, or that confirms the password a new or pending account chose
 * (then the password is set with it).
 */
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { setPassword, verifyEmail, verifyLoginCode } from './auth-api';
import { AuthStep } from './auth-layout';
import { CodeForm, CodeSentDescription, ResendCode } from './forms';
import { useAuthMessages } from './messages';
import type { SignedInHandler } from './signed-in';
import { useCall } from './use-call';

export function VerificationStep({
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
      <ResendCode email={email} send={() => verifyEmail(email, true)} />
    </AuthStep>
  );
}
