/** The forgot-password flow's code step: the mailed code is checked (not spent) before a new password is asked. */
import { type FormEvent, useState } from 'react';
import { CODE_PATTERN } from '../../../shared/auth-rules.js';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
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
  const [code, setCode] = useState('');
  const { t, failed } = useAuthMessages();
  const check = useCall((value: string) => checkResetCode(email, value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      failed(
        t('forgot.invalidCodeTitle'),
        undefined,
        t('forgot.invalidCodeDescription', { length: VERIFICATION_CODE_LENGTH }),
      );
      return;
    }
    check.mutate(code, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('forgot.verified') });
        onVerified(code);
      },
      onError: (error) => failed(t('code.verificationFailed'), error, t('code.invalidCode')),
    });
  };

  return (
    <AuthStep
      key="code"
      title={t('forgot.codeTitle')}
      description={<CodeSentDescription email={email} />}
      back={{ label: t('email.useDifferent'), onClick: onBack }}
    >
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <CodeField
          value={code}
          onChange={(event) =>
            setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))
          }
        />
        <Button type="submit" size="lg" loading={check.isPending}>
          {t('forgot.verifyCode')}
        </Button>
      </form>
      <ResendCode email={email} send={() => forgotPassword(email)} />
    </AuthStep>
  );
}
