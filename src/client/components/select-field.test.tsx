import { render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormSelectField, SelectField } from './select-field';

const CHOICES = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];

describe('SelectField', () => {
  it('is named by its label, shows the chosen label and is described by its hint', () => {
    render(
      <SelectField label="Payment" value="b" onChange={() => {}} choices={CHOICES} description="A hint." />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Payment' });
    expect(trigger).toHaveTextContent('Beta');
    expect(trigger).toHaveAccessibleDescription('A hint.');
    expect(trigger).not.toHaveAttribute('aria-invalid');
  });

  it('shows an error under it and marks itself invalid', () => {
    render(
      <SelectField
        label="State"
        value={undefined}
        onChange={() => {}}
        choices={CHOICES}
        placeholder="Pick"
        error="Required"
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'State' });
    expect(trigger).toHaveTextContent('Pick');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Required');
  });

  it('binds to a react-hook-form field', () => {
    function Form() {
      const form = useForm<{ kind: string }>({ defaultValues: { kind: 'a' } });
      return (
        <FormProvider {...form}>
          <FormSelectField<{ kind: string }> label="Kind" name="kind" choices={CHOICES} />
        </FormProvider>
      );
    }
    render(<Form />);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Alpha');
  });
});
