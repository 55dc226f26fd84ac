/** The internal-note form of an order's activity feed: a note only staff ever see. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { INTERNAL_NOTE_MAX_LENGTH, internalNoteSchema } from '../../../shared/schemas/admin-orders.js';
import { Button } from '../../components/ui/button';
import { errorFields } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useAddNote } from './api';

export const INTERNAL_NOTICE = 'Internal — not visible to the customer';

export function NoteForm({ orderId }: { orderId: number }) {
  const addNote = useAddNote(orderId);
  const form = useForm<{ text: string }>({
    defaultValues: { text: '' },
    resolver: zodResolver(internalNoteSchema),
  });
  const fieldError = form.formState.errors.text?.message;
  const id = useId();

  const submit = form.handleSubmit(({ text }) =>
    addNote.mutate(text, {
      onSuccess: () => {
        form.reset();
        toastSuccess('Note added');
      },
      onError: (error) => {
        const message = errorFields(error).text;
        if (message) form.setError('text', { message });
        else toastError('Error adding note', error, GENERIC_ERROR);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <label htmlFor={id} className="font-medium text-sm">
        Add internal note
      </label>
      <textarea
        id={id}
        maxLength={INTERNAL_NOTE_MAX_LENGTH}
        rows={3}
        {...form.register('text')}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive sm:text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-hint`}
          className={fieldError ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}
        >
          {fieldError ?? INTERNAL_NOTICE}
        </p>
        <Button type="submit" size="sm" variant="secondary" loading={addNote.isPending}>
          Add note
        </Button>
      </div>
    </form>
  );
}
