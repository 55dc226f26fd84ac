/** Pieces every settings tab shares: the card around a form, loading and error states, the save row. */
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import { errorFields, errorMessage } from '../../lib/api';
import { SavedBanner } from './save-feedback';

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What a tab shows until its settings have arrived, or when they could not be read. */
export function SettingsLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) {
    return (
      <div className="flex min-h-40 items-center justify-center text-primary">
        <Spinner label="Loading settings" />
      </div>
    );
  }
  return (
    <Alert variant="destructive">
      <div className="col-span-2 grid gap-3">
        <p>Failed to load settings: {errorMessage(error) ?? 'An error occurred'}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}

/** The save button ('Saving...' while the call runs) and the green banner under it. */
export function SaveRow({ label, pending, saved }: { label: string; pending: boolean; saved: boolean }) {
  return (
    <div className="grid gap-4">
      <Button type="submit" className="justify-self-start" loading={pending}>
        {pending ? 'Saving...' : label}
      </Button>
      <SavedBanner show={saved} />
    </div>
  );
}

/** Puts the server's per-field messages of a 400 answer on the form's own fields. */
export function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  names: readonly Path<T>[],
) {
  const fields = errorFields(error);
  for (const name of names) {
    const message = fields[name];
    if (message) form.setError(name, { message });
  }
}

/** A labelled text field bound to one field of a settings form: its value, and its error under it. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...props
}: Omit<TextFieldProps, 'form' | 'name' | 'error'> & { form: UseFormReturn<T>; name: Path<T> }) {
  const { error } = form.getFieldState(name, form.formState);
  return <TextField error={error?.message} {...props} {...form.register(name)} />;
}
