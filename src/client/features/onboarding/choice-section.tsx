import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { cn } from '../../lib/utils';
import { SectionTitle } from './form-section';

/** A numbered section whose question is a radio group: a fieldset named by its legend. */
export function ChoiceSection<T extends 'Business' | 'Individual' | 'Yes' | 'No'>({
  number,
  title,
  description,
  value,
  onChange,
  choices,
  children,
}: {
  number: number;
  title: string;
  description?: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly T[];
  children?: ReactNode;
}) {
  const legendId = useId();
  const descriptionId = useId();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend id={legendId} className="mb-4 p-0">
        <SectionTitle number={number} title={title} />
      </legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-muted-foreground text-sm">
          {description}
        </p>
      )}
      <RadioGroup
        aria-labelledby={legendId}
        aria-describedby={description ? descriptionId : undefined}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        className="flex flex-wrap gap-3"
      >
        {choices.map((choice) => (
          <ChoiceOption key={choice} value={choice} selected={choice === value} />
        ))}
      </RadioGroup>
      {children}
    </fieldset>
  );
}

function ChoiceOption({
  value,
  selected,
}: {
  value: 'Business' | 'Individual' | 'Yes' | 'No';
  selected: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex min-w-32 cursor-pointer items-center gap-3 rounded-md border px-4 py-3 transition-colors hover:bg-accent',
        selected ? 'border-primary bg-primary/5' : 'border-input',
      )}
    >
      <RadioGroupItem id={id} value={value} />
      {t(`choices.${value}`)}
    </Label>
  );
}
