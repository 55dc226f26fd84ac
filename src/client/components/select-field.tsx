import { type Ref, useId } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Label } from './ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

export interface Choice {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  /** A hint under the field, read with it. */
  description?: string;
  /** A message under the field; marks it invalid. */
  error?: string;
  /** The form field's name (for a native form's hidden select). */
  name?: string;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A labelled single choice (Radix Select); its trigger is named by the label for screen readers and
 * described by its hint or its error message.
 */
export function SelectField({
  label,
  value,
  onChange,
  choices,
  placeholder,
  description,
  error,
  name,
  onBlur,
  ref,
}: SelectFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} name={name}>
        <SelectTrigger
          id={id}
          ref={ref}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {description && (
        <p id={descriptionId} className="text-muted-foreground text-xs">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The SelectField bound to one field of the surrounding react-hook-form form, its message under it. */
export function FormSelectField<T extends FieldValues>({
  name,
  ...props
}: { name: FieldPath<T> } & Omit<
  SelectFieldProps,
  'value' | 'onChange' | 'error' | 'name' | 'onBlur' | 'ref'
>) {
  const { field, fieldState } = useController<T>({ name });
  return (
    <SelectField
      {...props}
      value={field.value}
      onChange={field.onChange}
      name={field.name}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
}
