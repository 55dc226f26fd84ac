/** The forgot-password flow's new password for an ACTIVE account; bad input is told by toasts. */
import { type FormEvent, useState } from 'react';
import { PASSWORD_MAX_LENGTH } from '../../../shared/auth-rules.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { Button, PasswordField } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { resetPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { useAuthMessages } from './messages';
import { useCall } from './use-call';

export function NewPasswordStep({
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
