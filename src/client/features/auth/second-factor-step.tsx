/**
 * The second step of a staff sign-in with a second factor: the passkey, a code from the authenticator
 * app, or one of the recovery codes, instead of a code sent by e-mail.
 */
import { type FormEvent, useState } from 'react';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE } from '../../../shared/auth-rules.js';
import { Button, TextField } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { errorCode, errorMessage } from '../../lib/api';
import { completeSecondFactor, type SignInFactors, signInWithPasskey } from './auth-api';
import { AuthStep } from './auth-layout';
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
  const welcome = (user: { email: string }) => ({
    variant: 'success' as const,
    title: 'Signed in',
    description: `Welcome back, ${user.email}`,
  });

  /** Whether `error` ended this sign-in; if so, says why and goes back to the password. */
  const startedAgain = (error: unknown) => {
    if (!START_AGAIN_CODES.has(errorCode(error) ?? '')) return false;
    toast({ variant: 'destructive', title: 'Please sign in again', description: errorMessage(error) });
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
      setError(mode === 'totp' ? TOTP_CODE_MESSAGE : RECOVERY_CODE_MESSAGE);
      return;
    }
    setError(undefined);
    typed.mutate(value, {
      onSuccess: ({ user }) => onSignedIn(user, welcome(user)),
      onError: (e) => startedAgain(e) || setError(errorMessage(e) ?? 'Something went wrong'),
    });
  };

  return (
    <AuthStep
      key="second_factor"
      title="Confirm it’s you"
      description={
        <>
          Signing in as <span className="wrap-anywhere font-medium text-foreground">{email}</span>
        </>
      }
      back={{ label: 'Back', onClick: onBack }}
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
                  toast({
                    variant: 'destructive',
                    title: 'Passkey sign-in failed',
                    description: errorMessage(e) ?? 'The passkey was not used. Please try again.',
                  }),
              })
            }
          >
            Use your passkey
          </Button>
        )}
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <TextField
            key={mode}
            label={mode === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
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
            Verify and sign in
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
          {mode === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </Button>
      </div>
    </AuthStep>
  );
}
