/**
 * The second step of a staff sign-in with a second factor: the passkey, a code from the authenticator
 * app, or one of the recovery codes, instead of a code sent by e-mail. In the page's language, like the
 * steps before it: a refusal is worded from its code (the `errors` texts, loaded with the first one).
 */
import { type FormEvent, useState } from 'react';
import { TOTP_DIGITS } from '../../../shared/auth-rules.js';
import { Button, TextField } from '../../components/light/ui';
import { errorCode } from '../../lib/api';
import { RichText } from '../../lib/texts';
import { completeSecondFactor, type SignInFactors, signInWithPasskey } from './auth-api';
import { AuthStep } from './auth-layout';
import { useAuthMessages } from './messages';
import type { SignedInHandler } from './signed-in';
import { useCall } from './use-call';

/** Refusals after which this sign-in cannot go on: the password step starts it again. */
const START_AGAIN_CODES = new Set([
  'SECOND_FACTOR_TRIES_SPENT',
  'SECOND_FACTOR_LOCKED',
  'PASSWORD_STEP_REQUIRED',
]);

export function SecondFactorStep({
  email,
  factors,
  onSignedIn,
  onBack,
}: {
  email: string;
  factors: SignInFactors;
  onSignedIn: SignedInHandler;
  onBack: () => void;
}) {
  const [mode, setMode] = useState<'totp' | 'recovery'>(factors.totp ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const { t, failed, explain } = useAuthMessages();
  const welcome = (user: { email: string }) => ({
    variant: 'success' as const,
    title: t('signedIn.loginTitle'),
    description: t('signedIn.welcomeBack', { email: user.email }),
  });

  /** Whether `error` ended this sign-in; if so, says why and goes back to the password. */
  const startedAgain = (error: unknown) => {
    if (!START_AGAIN_CODES.has(errorCode(error) ?? '')) return false;
    failed(t('secondFactor.signInAgain'), error);
    onBack();
    return true;
  };

  const passkey = useCall(() => signInWithPasskey(email));
  const typed = useCall((value: string) =>
    completeSecondFactor(
      mode === 'totp' ? { email, method: 'totp', code: value } : { email, method: 'recovery', code: value },
    ),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    const valid = mode === 'totp' ? /^\d{6}$/.test(value) : value.replace(/[\s-]/g, '').length >= 10;
    if (!valid) {
      setError(
        mode === 'totp'
          ? t('secondFactor.totpInvalid', { length: TOTP_DIGITS })
          : t('secondFactor.recoveryInvalid'),
      );
      return;
    }
    setError(undefined);
    typed.mutate(value, {
      onSuccess: ({ user }) => onSignedIn(user, welcome(user)),
      onError: (e) => {
        if (!startedAgain(e)) explain(e, t('errors.generic')).then(setError);
      },
    });
  };

  return (
    <AuthStep
      key="second_factor"
      title={t('secondFactor.title')}
      description={
        <RichText
          t={t}
          i18nKey="password.signingInAs"
          values={{ email }}
          components={{ strong: <span className="wrap-anywhere font-medium text-foreground" /> }}
        />
      }
      back={{ label: t('code.back'), onClick: onBack }}
    >
      <div className="grid gap-5">
        {factors.passkey && (
          <Button
            type="button"
            size="lg"
            loading={passkey.isPending}
            onClick={() =>
              passkey.mutate(undefined, {
                onSuccess: ({ user }) => onSignedIn(user, welcome(user)),
                onError: (e) =>
                  startedAgain(e) ||
                  failed(t('secondFactor.passkeyFailed'), e, t('secondFactor.passkeyNotUsed')),
              })
            }
          >
            {t('secondFactor.usePasskey')}
          </Button>
        )}
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <TextField
            key={mode}
            label={mode === 'totp' ? t('secondFactor.totpLabel') : t('secondFactor.recoveryLabel')}
            autoComplete="one-time-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            maxLength={mode === 'totp' ? 6 : 40}
            spellCheck={false}
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button
            type="submit"
            size="lg"
            variant={factors.passkey ? 'outline' : 'default'}
            loading={typed.isPending}
          >
            {t('code.verifyAndSignIn')}
          </Button>
        </form>
        <Button
          type="button"
          variant="link"
          size="inline"
          className="justify-self-center"
          onClick={() => {
            setMode(mode === 'totp' ? 'recovery' : 'totp');
            setCode('');
            setError(undefined);
          }}
          hidden={!factors.totp && mode === 'recovery'}
        >
          {mode === 'totp' ? t('secondFactor.useRecovery') : t('secondFactor.useTotp')}
        </Button>
      </div>
    </AuthStep>
  );
}
