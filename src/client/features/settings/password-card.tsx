/** Password Settings (decision 26): the server checks and stores the change. */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import { PASSWORD_CHANGE_MESSAGES, type PasswordChange } from '../../../shared/schemas/user.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PasswordField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields, errorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { useServerMessage } from '../../lib/server-message';
import { useChangePassword } from './api';

type PasswordValues = Required<PasswordChange>;
const FIELD_NAMES = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const serverMessage = useServerMessage();
  // The server's words for a field (the shared schema's messages) in the reader's language.
  const translated = (message: string | undefined) =>
    serverMessage(message, PASSWORD_CHANGE_MESSAGES, (name) =>
      t(`password.messages.${name}`, { min: MIN_PASSWORD_LENGTH }),
    );
  const form = useForm<PasswordValues>({ defaultValues: EMPTY });
  const changePassword = useChangePassword();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    // The one rule checked in the browser; the length and the current password are the server's.
    if (values.newPassword !== values.confirmPassword) {
      toast({
        variant: 'destructive',
        title: t('password.messages.mismatchTitle'),
        description: t('password.messages.mismatch'),
      });
      return;
    }
    changePassword.mutate(values, {
      onSuccess: () => {
        toastSuccess(t('password.updated'));
        form.reset(EMPTY);
      },
      onError: (error) => {
        const fields = errorFields(error);
        const shown = FIELD_NAMES.filter((name) => fields[name]);
        for (const name of shown) {
          form.setError(name, { message: translated(fields[name]) ?? t('errorText') });
        }
        if (shown.length === 0) {
          toastError(t('error'), undefined, translated(errorMessage(error)) ?? t('errorText'));
        }
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" className="justify-self-start" loading={changePassword.isPending}>
            {t('password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
