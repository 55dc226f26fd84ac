import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';
import { useUiLabels } from './labels';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The validation message shown under the field and read with it by screen readers. */
  error?: string;
  /** Something to show on the label's line, such as a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** A control drawn inside the input's right edge, such as a show-password button. */
  trailing?: ReactNode;
}

export function TextField({ id, label, error, labelAside, trailing, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(trailing && 'pr-11', className)}
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
  const Icon = visible ? EyeOff : Eye;
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
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
      {...props}
    />
  );
}
