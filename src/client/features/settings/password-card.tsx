/** Password Settings (decision 26): the server checks and stores the change. */
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import { PASSWORD_CHANGE_MESSAGES, type PasswordChange } from '../../../shared/schemas/user.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PasswordField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { useChangePassword } from './api';

type PasswordValues = Required<PasswordChange>;
const FIELD_NAMES = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ email }: { email: string }) {
  const form = useForm<PasswordValues>({ defaultValues: EMPTY });
  const changePassword = useChangePassword();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    // The one rule checked in the browser; the length and the current password are the server's.
    if (values.newPassword !== values.confirmPassword) {
      toast({
        variant: 'destructive',
        title: PASSWORD_CHANGE_MESSAGES.mismatchTitle,
        description: PASSWORD_CHANGE_MESSAGES.mismatch,
      });
      return;
    }
    changePassword.mutate(values, {
      onSuccess: () => {
        toastSuccess('Password updated');
        form.reset(EMPTY);
      },
      onError: (error) => {
        const fields = errorFields(error);
        const shown = FIELD_NAMES.filter((name) => fields[name]);
        for (const name of shown) form.setError(name, { message: fields[name] });
        if (shown.length === 0) {
          toastError('Error', error, 'Something went wrong');
        }
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password Settings</CardTitle>
        <CardDescription>Changing your password signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" className="justify-self-start" loading={changePassword.isPending}>
            Update Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
