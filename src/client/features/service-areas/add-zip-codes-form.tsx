import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AddServiceArea,
  addServiceAreaSchema,
  parseZipCodes,
  revalidationSummary,
} from '../../../shared/schemas/service-areas.js';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorFields, errorMessage } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useAddZipCodes } from './api';

/** Enables one ZIP code or several separated by commas; the server names the invalid ones. */
export function AddZipCodesForm() {
  const id = useId();
  const form = useForm<AddServiceArea>({
    defaultValues: { zipCode: '' },
    resolver: zodResolver(addServiceAreaSchema),
  });
  const add = useAddZipCodes();
  const error = form.formState.errors.zipCode?.message;

  const submit = form.handleSubmit(({ zipCode }) => {
    const { valid, invalid } = parseZipCodes(zipCode);
    // An empty field (or only commas and spaces) does nothing: there is nothing to report.
    if (valid.length === 0 && invalid.length === 0) return;
    add.mutate(zipCode, {
      onSuccess: (result) => {
        form.reset();
        const moved = result.updatedOrders > 0 ? ` ${revalidationSummary(result)}.` : '';
        toastSuccess('Zip code added', `${result.message}.${moved}`);
      },
      onError: (cause) => {
        const message = errorFields(cause).zipCode ?? errorMessage(cause);
        if (message) form.setError('zipCode', { message });
        toastError('Failed to add zip code', cause, GENERIC_ERROR);
      },
    });
  });

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>Add ZIP codes</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          {...form.register('zipCode')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="78701, 78702"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-sm">
        One 5-digit ZIP code, or several separated by commas.
      </p>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
