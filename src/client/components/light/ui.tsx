/**
 * The sign-in screen's controls, light enough for its first load: native elements with the full app's
 * looks (components/ui/variants.ts), joined with clsx rather than tailwind-merge, so a caller adds
 * classes that do not compete with the base ones (a variant or size says the rest).
 */
import type { VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { useUiLabels } from '../ui/labels';
import { alertVariants, buttonVariants, INPUT_CLASS, INPUT_TEXT_CLASS } from '../ui/variants';
import { EyeIcon, EyeOffIcon, LoaderCircleIcon } from './icons';

interface SpinnerProps {
  /** The spinner's size; size-6 when omitted. */
  className?: string;
  /** Announced to screen readers ('Loading' in the page's language when omitted); null when the
   * surrounding control already says what is happening. */
  label?: string | null;
}

export function Spinner({ className = 'size-6', label }: SpinnerProps) {
  const labels = useUiLabels();
  const announced = label === undefined ? labels.loading : label;
  return (
    <span role={announced ? 'status' : undefined} className="inline-flex">
      <LoaderCircleIcon className={clsx('animate-spin text-current', className)} />
      {announced && <span className="sr-only">{announced}</span>}
    </span>
  );
}

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Shows a spinner, disables the button and marks it busy while an action runs. */
  loading?: boolean;
}

export function Button({
  className,
  variant,
  size,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      className={clsx(buttonVariants({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner className="size-4" label={null} />}
      {children}
    </button>
  );
}

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The validation message shown under the field and read with it by screen readers. */
  error?: string;
  /** Something to show on the label's line, such as a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** A control drawn inside the input's right edge, such as a show-password button. */
  trailing?: ReactNode;
  /** The input's text classes, in place of the usual text size. */
  className?: string;
}

export function TextField({ id, label, error, labelAside, trailing, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="font-medium text-sm leading-none">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          type="text"
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(INPUT_CLASS, className ?? INPUT_TEXT_CLASS, trailing && 'pr-11')}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide button, which helps on phones where typos are common. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const labels = useUiLabels();
  const Icon = visible ? EyeOffIcon : EyeIcon;
  return (
    <TextField
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={labels.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon className="size-4" />
        </button>
      }
      {...props}
    />
  );
}

/** A destructive notice inside a form, with its icon first. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={alertVariants({ variant: 'destructive' })}>
      {children}
    </div>
  );
}
