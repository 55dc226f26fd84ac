/**
 * A dialog that asks for the password before a change to the second factors: adding a passkey,
 * removing a factor, replacing the recovery codes. The password is checked against the shared
 * `reauthSchema`, which the server applies too.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { reauthSchema } from '../../../shared/schemas/security.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PasswordField } from '../../components/ui/text-field';
import { sendOnlyValidation } from './form-behaviour';

export function PasswordDialog({
  title,
  description,
  label = 'Your password',
  submitLabel,
  pending,
  fieldMessage = (message) => message,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  /** The password field's label; "Your password" unless given. */
  label?: string;
  submitLabel: string;
  pending: boolean;
  /** The words shown for a message of the schema; its own English unless given. */
  fieldMessage?: (message: string | undefined) => string | undefined;
  /** Receives the password and `refuse`, which shows the server's refusal under the field. */
  onSubmit: (password: string, refuse: (message: string) => void) => void;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof reauthSchema>, unknown, z.output<typeof reauthSchema>>({
    resolver: zodResolver(reauthSchema),
    defaultValues: { password: '' },
    ...sendOnlyValidation,
  });
  const refuse = (message: string) => form.setError('password', { message });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ password }) => onSubmit(password, refuse))}
        >
          <PasswordField
            label={label}
            autoComplete="current-password"
            error={fieldMessage(form.formState.errors.password?.message)}
            {...form.register('password')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
