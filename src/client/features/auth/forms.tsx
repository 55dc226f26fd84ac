/**
 * The sign-in screen's forms. They validate with the shared Zod rules (src/shared/schemas/auth.ts),
 * show the messages under the fields, and hand clean values to the step that owns the server call.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  MIN_PASSWORD_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
} from '../../../shared/constants.js';
import {
  codeSchema,
  currentPasswordSchema,
  EMAIL_MAX_LENGTH,
  emailSchema,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
  passwordsMatch,
} from '../../../shared/schemas/auth.js';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { toastSuccess } from '../../lib/notify';
import { useAuthMessages } from './messages';

const emailFormSchema = z.object({ email: emailSchema });

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
  const form = useForm<z.input<typeof emailFormSchema>, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(({ email }) => onSubmit(email))}>
      <TextField
        label={t('email.label')}
        type="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        maxLength={EMAIL_MAX_LENGTH}
        error={field(form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel ?? t('email.continue')}
      </Button>
    </form>
  );
}

const passwordFormSchema = z.object({ password: currentPasswordSchema });

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
  const form = useForm<z.input<typeof passwordFormSchema>, unknown, z.output<typeof passwordFormSchema>>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '' },
  });
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
    >
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('password.label')}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={field(form.formState.errors.password?.message)}
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

const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .check(passwordsMatch());

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
  const form = useForm<
    z.input<typeof newPasswordFormSchema>,
    unknown,
    z.output<typeof newPasswordFormSchema>
  >({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const { t, field } = useAuthMessages();
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
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

const codeFormSchema = z.object({ code: codeSchema });

/** The 6-digit code input of both the sign-in and the reset flow. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTranslation('auth');
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
  const { t } = useTranslation('auth');
  return (
    <Trans
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
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(({ code }) => onSubmit(code))}>
      <CodeField error={field(form.formState.errors.code?.message)} {...form.register('code')} />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** 'Resend code' with its own request state and toasts; `send` asks the server for a new code. */
export function ResendCode({ email, send }: { email: string; send: () => Promise<unknown> }) {
  const { t, failed } = useAuthMessages();
  const resend = useMutation({ mutationFn: send });
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toastSuccess(t('code.resent'), t('code.resentDescription', { email })),
      onError: (error) => failed(t('code.resendFailed'), error),
    });
  return (
    <p className="text-center text-muted-foreground text-sm">
      {t('code.noCode')}{' '}
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        disabled={resend.isPending}
        onClick={onResend}
      >
        {resend.isPending ? t('code.sending') : t('code.resend')}
      </Button>
    </p>
  );
}
