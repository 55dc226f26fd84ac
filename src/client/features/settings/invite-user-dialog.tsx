/**
 * Invite User (decision 290): an e-mail and a role; the person chooses their own password from the
 * mailed link, so no one types it for them. Viewer, the least role, is chosen until another is; each
 * role shows by name with what it may do.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { STAFF_ROLES } from '../../../shared/permissions.js';
import {
  DEFAULT_INVITED_ROLE,
  INVITATION_TTL_DAYS,
  inviteStaffSchema,
} from '../../../shared/schemas/staff-invitations.js';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { errorFields } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useInviteStaff } from '../customers/api';
import { useRoleNames } from '../locale/role-names';

type InviteForm = z.input<typeof inviteStaffSchema>;

export function InviteUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite User</DialogTitle>
          <DialogDescription>
            We email them a link to choose their own password. The link works once, for {INVITATION_TTL_DAYS}{' '}
            days.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form every opening. */}
        {open && <InviteForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const invite = useInviteStaff();
  const { roleName, roleLine } = useRoleNames();
  const form = useForm<InviteForm, unknown, z.output<typeof inviteStaffSchema>>({
    defaultValues: { email: '', role: DEFAULT_INVITED_ROLE },
    resolver: zodResolver(inviteStaffSchema),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        toastSuccess(
          'Invitation sent',
          `${sent.email} can choose a password within ${INVITATION_TTL_DAYS} days.`,
        );
        onDone();
      },
      onError: (error) => {
        const email = errorFields(error).email;
        if (email) form.setError('email', { message: email });
        else toastError('The invitation was not sent', error, GENERIC_ERROR);
      },
    }),
  );
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Role</legend>
        {STAFF_ROLES.map((role) => (
          <label
            key={role}
            htmlFor={`${id}-${role}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              id={`${id}-${role}`}
              type="radio"
              value={role}
              className="mt-1 size-4 accent-primary"
              aria-labelledby={`${id}-${role}-name`}
              aria-describedby={`${id}-${role}-line`}
              {...form.register('role')}
            />
            <span className="grid gap-0.5">
              <span id={`${id}-${role}-name`} className="font-medium text-sm">
                {roleName(role)}
              </span>
              <span id={`${id}-${role}-line`} className="text-muted-foreground text-sm">
                {roleLine(role)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </DialogFooter>
    </form>
  );
}
