import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { US_STATES } from '../../../shared/schemas/onboarding.js';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { OnboardingField, OnboardingValues } from './form-model';

export interface SelectOption {
  value: string;
  label: string;
}

/** The 50 states and DC, shown by name, stored as the two-letter code. */
export const STATE_OPTIONS: SelectOption[] = US_STATES.map(([value, label]) => ({ value, label }));

/** A labelled select bound to one form field, with its message under it like a TextField. */
export function SelectField({
  label,
  name,
  options,
  placeholder,
}: {
  label: string;
  name: OnboardingField;
  options: readonly SelectOption[];
  placeholder: string;
}) {
  const { control } = useFormContext<OnboardingValues>();
  const { field, fieldState } = useController({ control, name });
  const triggerId = useId();
  const errorId = `${triggerId}-error`;
  const error = fieldState.error?.message;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={triggerId}>{label}</Label>
      <Select value={field.value} onValueChange={field.onChange} name={field.name}>
        <SelectTrigger
          id={triggerId}
          ref={field.ref}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
