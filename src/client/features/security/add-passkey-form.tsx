/**
 * The Passkeys row's form: an optional name, then "Add a passkey" opens the password step
 * (AddPasskeyDialog). The name is checked with the registration's own field of the shared schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  type enrolledSchema,
  PASSKEY_NAME_MAX,
  passkeyNameSchema,
} from '../../../shared/schemas/security.js';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toastSuccess } from '../../lib/notify';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { sendOnlyValidation } from './form-behaviour';

export function AddPasskeyForm({ onAdded }: { onAdded: (answer: z.output<typeof enrolledSchema>) => void }) {
  const form = useForm<z.input<typeof passkeyNameSchema>, unknown, z.output<typeof passkeyNameSchema>>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: '' },
    ...sendOnlyValidation,
  });
  // The checked name while the password step is open; null when it is closed.
  const [adding, setAdding] = useState<{ name?: string } | null>(null);
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={form.handleSubmit(({ name }) => setAdding({ name }))}
      >
        <TextField
          label="Passkey name (optional)"
          maxLength={PASSKEY_NAME_MAX}
          placeholder="e.g. Work laptop"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Button type="submit">Add a passkey</Button>
      </form>
      {adding && (
        <AddPasskeyDialog
          name={adding.name}
          onClose={() => setAdding(null)}
          onDone={(answer) => {
            setAdding(null);
            form.reset();
            toastSuccess('Passkey added');
            onAdded(answer);
          }}
        />
      )}
    </>
  );
}
