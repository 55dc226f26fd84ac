/**
 * Password Settings (decision 26): the browser checks the shared schema's rules first (their messages
 * by name, in the reader's language); the server checks them again, the current password, and stores
 * the change.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import {
  PASSWORD_CHANGE_MESSAGES,
  type PasswordChange,
  passwordChangeSchema,
} from '../../../shared/schemas/user.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PasswordField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { ruleName } from '../../lib/schema-messages';
import { useServerError } from '../../lib/server-error';
import { useChangePassword } from './settings-api';

type PasswordValues = Required<PasswordChange>;
const FIELD_NAMES = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const { i18n } = useTranslation();
  const serverError = useServerError();
  // A rule of the shared schema, as the browser's own check reports it, in the reader's language.
  const ruleMessage = (message: string | undefined) => {
    const name = ruleName(PASSWORD_CHANGE_MESSAGES, message);
    return name ? t(`password.messages.${name}`, { min: MIN_PASSWORD_LENGTH }) : message;
  };
  // What the server said about a field is shown as set (type 'server'); a rule of the schema by its name.
  const fieldMessage = (error: FieldError | undefined) =>
    error?.type === 'server' ? error.message : ruleMessage(error?.message);
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY });
  const changePassword = useChangePassword();
  const { errors } = form.formState;

  const refused = (values: PasswordValues) => {
    // A confirmation that does not match is told by a toast alone, before any other rule.
    if (values.newPassword === values.confirmPassword) return;
    form.clearErrors();
    toast({
      variant: 'destructive',
      title: t('password.messages.mismatchTitle'),
      description: t('password.messages.mismatch'),
    });
  };

  const submit = form.handleSubmit(
    (values) => {
      changePassword.mutate(values, {
        onSuccess: () => {
          toastSuccess(t('password.updated'));
          form.reset(EMPTY);
        },
        onError: (error) => {
          // A field the server refused (the current password: WRONG_CURRENT_PASSWORD): its own English
          // words to an English reader, the refusal's text by its code to anyone else.
          const fields = errorFields(error);
          const shown = FIELD_NAMES.filter((name) => fields[name]);
          const refusal = serverError(error);
          for (const name of shown) {
            const english = i18n.language === 'en' ? fields[name] : undefined;
            form.setError(name, { type: 'server', message: english ?? refusal ?? t('errorText') });
          }
          if (shown.length === 0) toastError(t('error'), undefined, refusal ?? t('errorText'));
        },
      });
    },
    () => refused(form.getValues()),
  );

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
            error={fieldMessage(errors.currentPassword)}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={fieldMessage(errors.newPassword)}
            {...form.register('newPassword')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={fieldMessage(errors.confirmPassword)}
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
