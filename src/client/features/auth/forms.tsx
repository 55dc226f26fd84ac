/**
 * The sign-in screen's forms. They check with the shared sign-in schemas (src/shared/schemas/auth.ts,
 * the same rules and words as the server's), show the messages under the fields once the form was
 * submitted (again on every change after that), focus the first field with a problem, and hand clean
 * values (the e-mail trimmed and lower-cased, the code trimmed) to the step that owns the call.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  MIN_PASSWORD_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '../../../shared/constants.js';
import {
  codeFormSchema,
  EMAIL_MAX_LENGTH,
  emailFormSchema,
  newPasswordFormSchema,
  PASSWORD_MAX_LENGTH,
  passwordFormSchema,
} from '../../../shared/schemas/auth.js';
import { Button, PasswordField, TextField } from '../../components/light/ui';
import { toast } from '../../components/ui/use-toast';
import { RichText, useTexts } from '../../lib/texts';
import { useAuthMessages } from './messages';
import { useCall } from './use-call';

/** A form checked with one of the shared schemas: typed as the schema's input, handing on its output. */
function useSchemaForm<S extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
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
  const form = useSchemaForm(emailFormSchema, { email: defaultEmail });
  const { errors } = form.formState;
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => onSubmit(values.email))}>
      <TextField
        label={t('email.label')}
        type="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        maxLength={EMAIL_MAX_LENGTH}
        error={field(errors.email?.message)}
        {...form.register('email')}
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
  const form = useSchemaForm(passwordFormSchema, { password: '' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => onSubmit(values.password))}
    >
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('password.label')}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(errors.password?.message)}
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded-sm font-medium text-primary text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('password.forgot')}
          </button>
        }
        {...form.register('password')}
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
  const form = useSchemaForm(newPasswordFormSchema, { password: '', confirmPassword: '' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => onSubmit(values.password))}
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('password.label')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(errors.password?.message)}
        {...form.register('password')}
      />
      <PasswordField
        label={t('create.confirmLabel')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
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
      components={{ strong: <span className="font-medium text-foreground" /> }}
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
  const form = useSchemaForm(codeFormSchema, { code: '' });
  const { errors } = form.formState;
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => onSubmit(values.code))}>
      <CodeField error={field(errors.code?.message)} {...form.register('code')} />
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
