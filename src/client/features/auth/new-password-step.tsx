/** The forgot-password flow's new password for an ACTIVE account; bad input is told by toasts. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { newPasswordFormSchema, PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
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
  const reset = useCall(resetPassword);
  const { t, failed } = useAuthMessages();
  // Bad input is told by a toast, so no field is focused for it.
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(
    ({ password, confirmPassword }) =>
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
      ),
    (errors) =>
      errors.password
        ? failed(
            t('forgot.tooShortTitle'),
            undefined,
            t('forgot.tooShortDescription', { min: MIN_PASSWORD_LENGTH }),
          )
        : failed(t('forgot.mismatchTitle'), undefined, t('forgot.mismatchDescription')),
  );

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
          {...form.register('password')}
        />
        <PasswordField
          label={t('forgot.confirmNewPasswordLabel')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          {t('forgot.resetSubmit')}
        </Button>
      </form>
    </AuthStep>
  );
}
