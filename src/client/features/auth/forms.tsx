/**
 * The sign-in screen's forms. They check with the shared sign-in rules (src/shared/auth-rules.ts, the
 * same limits and words as the server's schemas), show the messages under the fields once the form was
 * submitted (again on every change after that), and hand clean values to the step that owns the call.
 */
import { type ComponentProps, type FormEvent, type RefObject, useRef, useState } from 'react';
import {
  codeProblem,
  currentPasswordProblem,
  EMAIL_MAX_LENGTH,
  emailProblem,
  newPasswordProblem,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORDS_MISMATCH_MESSAGE,
} from '../../../shared/auth-rules.js';
import {
  MIN_PASSWORD_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '../../../shared/constants.js';
import { Button, PasswordField, TextField } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { RichText, useTexts } from '../../lib/texts';
import { useAuthMessages } from './messages';
import { useCall } from './use-call';

type Problems<F extends string> = Partial<Record<F, string>>;

/**
 * A small form: its values, the problems `check` finds once it was submitted, and a submit handler
 * that focuses the first field with a problem or hands the values on.
 */
function useCheckedForm<F extends string>(
  initial: Record<F, string>,
  check: (values: Record<F, string>) => Problems<F>,
  refs: Partial<Record<F, RefObject<HTMLInputElement | null>>>,
) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems: Problems<F> = submitted ? check(values) : {};
  const field = (name: F) => ({
    name,
    value: values[name],
    ref: refs[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (onValid: (values: Record<F, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values);
    const first = (Object.keys(values) as F[]).find((name) => found[name]);
    if (first) refs[first]?.current?.focus();
    else onValid(values);
  };
  return { problems, field, submit };
}

export function EmailForm({
  defaultEmail,
  busy,
  submitLabel,
  onSubmit,
}: {
  defaultEmail: string;
  busy: boolean;
  submitLabel?: string;
  onSubmit: (email: string) => void;
}) {
  const { t, field } = useAuthMessages();
  const email = useRef<HTMLInputElement>(null);
  const form = useCheckedForm({ email: defaultEmail }, (v) => ({ email: emailProblem(v.email) }), { email });
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.submit((values) => onSubmit(normalizeEmail(values.email)))}
    >
      <TextField
        label={t('email.label')}
        type="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        maxLength={EMAIL_MAX_LENGTH}
        error={field(form.problems.email)}
        {...form.field('email')}
      />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel ?? t('email.continue')}
      </Button>
    </form>
  );
}

export function PasswordForm({
  email,
  busy,
  onSubmit,
  onForgotPassword,
}: {
  email: string;
  busy: boolean;
  onSubmit: (password: string) => void;
  onForgotPassword: () => void;
}) {
  const { t, field } = useAuthMessages();
  const password = useRef<HTMLInputElement>(null);
  const form = useCheckedForm({ password: '' }, (v) => ({ password: currentPasswordProblem(v.password) }), {
    password,
  });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.submit((values) => onSubmit(values.password))}>
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('password.label')}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(form.problems.password)}
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded-sm font-medium text-primary text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('password.forgot')}
          </button>
        }
        {...form.field('password')}
      />
      <Button type="submit" size="lg" loading={busy}>
        {t('password.submit')}
      </Button>
    </form>
  );
}

export function NewPasswordForm({
  email,
  busy,
  submitLabel,
  onSubmit,
}: {
  email: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (password: string) => void;
}) {
  const { t, field } = useAuthMessages();
  const password = useRef<HTMLInputElement>(null);
  const confirmPassword = useRef<HTMLInputElement>(null);
  const form = useCheckedForm(
    { password: '', confirmPassword: '' },
    (v) => ({
      password: newPasswordProblem(v.password),
      confirmPassword:
        v.password === v.confirmPassword && v.confirmPassword.length <= PASSWORD_MAX_LENGTH
          ? undefined
          : PASSWORDS_MISMATCH_MESSAGE,
    }),
    { password, confirmPassword },
  );
  return (
    <form noValidate className="grid gap-5" onSubmit={form.submit((values) => onSubmit(values.password))}>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('password.label')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(form.problems.password)}
        {...form.field('password')}
      />
      <PasswordField
        label={t('create.confirmLabel')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(form.problems.confirmPassword)}
        {...form.field('confirmPassword')}
      />
      <p className="-mt-2 text-muted-foreground text-xs">{t('create.hint', { min: MIN_PASSWORD_LENGTH })}</p>
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The 6-digit code input of both the sign-in and the reset flow. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTexts('auth');
  return (
    <TextField
      label={t('code.label')}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={VERIFICATION_CODE_LENGTH}
      placeholder={t('code.placeholder', { length: VERIFICATION_CODE_LENGTH })}
      className="text-center font-mono text-lg tracking-[0.4em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal sm:text-lg"
      {...props}
    />
  );
}

export function CodeSentDescription({ email }: { email: string }) {
  const { t } = useTexts('auth');
  return (
    <RichText
      t={t}
      i18nKey="code.sent"
      values={{ email, length: VERIFICATION_CODE_LENGTH, minutes: VERIFICATION_CODE_TTL_MINUTES }}
      components={{ strong: <span className="wrap-anywhere font-medium text-foreground" /> }}
    />
  );
}

export function CodeForm({
  busy,
  submitLabel,
  onSubmit,
}: {
  busy: boolean;
  submitLabel: string;
  onSubmit: (code: string) => void;
}) {
  const { field } = useAuthMessages();
  const code = useRef<HTMLInputElement>(null);
  const form = useCheckedForm({ code: '' }, (v) => ({ code: codeProblem(v.code) }), { code });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.submit((values) => onSubmit(values.code.trim()))}>
      <CodeField error={field(form.problems.code)} {...form.field('code')} />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** 'Resend code' with its own request state and toasts; `send` asks the server for a new code. */
export function ResendCode({ email, send }: { email: string; send: () => Promise<unknown> }) {
  const { t, failed } = useAuthMessages();
  const resend = useCall(send);
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: t('code.resent'),
          description: t('code.resentDescription', { email }),
        }),
      onError: (error) => failed(t('code.resendFailed'), error),
    });
  return (
    <p className="text-center text-muted-foreground text-sm">
      {t('code.noCode')}{' '}
      <Button type="button" variant="link" size="inline" disabled={resend.isPending} onClick={onResend}>
        {resend.isPending ? t('code.sending') : t('code.resend')}
      </Button>
    </p>
  );
}
