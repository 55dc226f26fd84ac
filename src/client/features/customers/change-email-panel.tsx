import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangeEmail, changeEmailSchema, type UserDetail } from '../../../shared/schemas/customers.js';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError } from '../../lib/notify';
import { useChangeEmail } from './api';
import { useFocusOnMount } from './use-focus-on-mount';

/** Change Email: the new address, sent once it is not blank; the server refuses one already in use. */
export function ChangeEmailPanel({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const form = useForm<ChangeEmail>({
    defaultValues: { email: '' },
    resolver: zodResolver(changeEmailSchema),
  });
  const change = useChangeEmail();
  const focusRef = useFocusOnMount<HTMLInputElement>();
  const { ref: registerRef, ...email } = form.register('email');
  const blank = form.watch('email').trim() === '';

  const submit = form.handleSubmit((values) =>
    change.mutate(
      { id: user.id, email: values.email },
      {
        onSuccess: (updated) => {
          toast({
            variant: 'success',
            title: 'Email updated',
            description: `The new address is ${updated.email}.`,
          });
          onDone();
        },
        onError: (error) => toastError('Failed to update email', error, GENERIC_ERROR),
      },
    ),
  );

  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      <TextField
        label="New email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        error={form.formState.errors.email?.message}
        {...email}
        ref={(element) => {
          registerRef(element);
          focusRef.current = element;
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank} loading={change.isPending}>
          Update Email
        </Button>
      </div>
    </form>
  );
}
