import { useId } from 'react';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled single choice (Radix Select); its trigger is named by the label for screen readers. */
export function SelectField({
  label,
  value,
  onChange,
  choices,
  placeholder,
  description,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  description?: string;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-describedby={description ? descriptionId : undefined}>
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
    </div>
  );
}
