/**
 * The fields of Edit User (new staff are invited and set their own password): e-mail, password twice,
 * role. A wrong form is named in one toast, the first of: passwords differ, e-mail invalid, password
 * too short (applied only to an entered password: a blank one keeps the current).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useController, useForm } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH, ROLES, type Role } from '../../../shared/constants.js';
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import { editUserFormSchema, type UserForm as UserFormValues } from '../../../shared/schemas/customers.js';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { useRoleNames } from '../locale/role-names';

/** What each role may do, in a few words, beside its name in the role picker. */
const ROLE_SUMMARY: Record<Role, string> = {
  ADMIN: 'everything',
  OPERATIONS: 'orders, import, export',
  SUPPORT: 'orders read, notes, password resets',
  VIEWER: 'read only',
  USER: 'customer, no back office',
};

/** The toast for each field at fault, in the order they are named. */
const PROBLEMS = [
  ['confirmPassword', "Passwords don't match", 'Please ensure both passwords are identical'],
  ['email', 'Email required', 'Please enter a valid email address'],
  ['password', 'Password too short', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`],
] as const;

function toastFirstProblem(errors: FieldErrors<UserFormValues>) {
  const problem = PROBLEMS.find(([field]) => errors[field]);
  if (problem) toast({ variant: 'destructive', title: problem[1], description: problem[2] });
}

export function UserForm({
  initial,
  submitLabel,
  busy,
  onCancel,
  onSubmit,
}: {
  initial: UserFormValues;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  /** The values as typed, the e-mail trimmed. */
  onSubmit: (values: UserFormValues) => void;
}) {
  // raw: the server lowercases the e-mail; the form sends it as typed, only trimmed.
  const form = useForm<UserFormValues>({
    defaultValues: initial,
    resolver: zodResolver(editUserFormSchema, undefined, { raw: true }),
  });
  const role = useController({ control: form.control, name: 'role' });
  const { roleName } = useRoleNames();
  const roleChoices = ROLES.map((value) => ({ value, label: `${roleName(value)} (${ROLE_SUMMARY[value]})` }));

  const submit = form.handleSubmit(
    (values) => onSubmit({ ...values, email: values.email.trim() }),
    toastFirstProblem,
  );

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TextField label="Email" type="email" autoComplete="off" {...form.register('email')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder="Leave blank to keep the current one"
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        {...form.register('confirmPassword')}
      />
      <SelectField
        label="Role"
        value={role.field.value}
        onChange={role.field.onChange}
        onBlur={role.field.onBlur}
        ref={role.field.ref}
        choices={roleChoices}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
