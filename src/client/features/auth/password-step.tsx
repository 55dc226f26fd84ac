/** The password step of a sign-in: the password, then the mailed code or the staff member's second factor. */
import { toast } from '../../components/ui/use-toast';
import { RichText } from '../../lib/texts';
import { checkPassword, type SignInFactors, verifyEmail } from './auth-api';
import { AuthStep } from './auth-layout';
import { PasswordForm } from './forms';
import { useAuthMessages } from './messages';
import { codeSentToast } from './signed-in';
import { useCall } from './use-call';

export function PasswordStep({
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
  const sendCode = useCall(() => verifyEmail(email, true));
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
