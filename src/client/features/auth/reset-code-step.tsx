/** The forgot-password flow's code step: the mailed code is checked (not spent) before a new password is asked. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import { codeFormSchema } from '../../../shared/schemas/auth.js';
import { Button } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { checkResetCode, forgotPassword } from './auth-api';
import { AuthStep } from './auth-layout';
import { CodeField, CodeSentDescription, ResendCode } from './forms';
import { useAuthMessages } from './messages';
import { useCall } from './use-call';

export function ResetCodeStep({
  email,
  onBack,
  onVerified,
}: {
  email: string;
  onBack: () => void;
  onVerified: (code: string) => void;
}) {
  const { t, failed } = useAuthMessages();
  const check = useCall((value: string) => checkResetCode(email, value));
  // Bad input is told by a toast, so no field is focused for it.
  const form = useForm({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const codeField = form.register('code');

  const submit = form.handleSubmit(
    ({ code }) =>
      check.mutate(code, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('forgot.verified') });
          onVerified(code);
        },
        onError: (error) => failed(t('code.verificationFailed'), error, t('code.invalidCode')),
      }),
    () =>
      failed(
        t('forgot.invalidCodeTitle'),
        undefined,
        t('forgot.invalidCodeDescription', { length: VERIFICATION_CODE_LENGTH }),
      ),
  );

  return (
    <AuthStep
      key="code"
      title={t('forgot.codeTitle')}
      description={<CodeSentDescription email={email} />}
      back={{ label: t('email.useDifferent'), onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <CodeField
          {...codeField}
          onChange={(event) => {
            // Only digits stay in the field, as many as a code has.
            event.target.value = event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
            return codeField.onChange(event);
          }}
        />
        <Button type="submit" size="lg" loading={check.isPending}>
          {t('forgot.verifyCode')}
        </Button>
      </form>
      <ResendCode email={email} send={() => forgotPassword(email)} />
    </AuthStep>
  );
}
