/**
 * The sign-in screen's forms. They validate with the shared Zod rules (src/shared/schemas/auth.ts),
 * show the messages under the fields, and hand clean values to the step that owns the server call.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
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
import { toastError, toastSuccess } from '../../lib/notify';

const emailFormSchema = z.object({ email: emailSchema });

export function EmailForm({
  defaultEmail,
  busy,
  submitLabel = 'Continue',
  onSubmit,
}: {
  defaultEmail: string;
  busy: boolean;
  submitLabel?: string;
  onSubmit: (email: string) => void;
}) {
  const form = useForm<z.input<typeof emailFormSchema>, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(({ email }) => onSubmit(email))}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        maxLength={EMAIL_MAX_LENGTH}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
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
        label="Password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={form.formState.errors.password?.message}
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="rounded-sm font-medium text-primary text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            Forgot password?
          </button>
        }
        {...form.register('password')}
      />
      <Button type="submit" size="lg" loading={busy}>
        Sign in
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
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
    >
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <p className="-mt-2 text-muted-foreground text-xs">Use at least 8 characters.</p>
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

const codeFormSchema = z.object({ code: codeSchema });

/** The 6-digit code input of both the sign-in and the reset flow. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Verification code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={VERIFICATION_CODE_LENGTH}
      placeholder="6-digit code"
      className="text-center font-mono text-lg tracking-[0.4em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal sm:text-lg"
      {...props}
    />
  );
}

export function CodeSentDescription({ email }: { email: string }) {
  return (
    <>
      We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. It expires in 10
      minutes.
    </>
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
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(({ code }) => onSubmit(code))}>
      <CodeField error={form.formState.errors.code?.message} {...form.register('code')} />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** 'Resend code' with its own request state and toasts; `send` asks the server for a new code. */
export function ResendCode({ email, send }: { email: string; send: () => Promise<unknown> }) {
  const resend = useMutation({ mutationFn: send });
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toastSuccess('Code resent', `A new code is on its way to ${email}.`),
      onError: (error) => toastError('Failed to resend code', error),
    });
  return (
    <p className="text-center text-muted-foreground text-sm">
      Didn't get a code?{' '}
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        disabled={resend.isPending}
        onClick={onResend}
      >
        {resend.isPending ? 'Sending...' : 'Resend code'}
      </Button>
    </p>
  );
}
