/**
 * Settings → Admin Users: the staff (every role but USER), Add User and Edit User. Both dialogs save at once;
 * Edit User's button is 'Save Changes', so nothing waits for a second save that could be forgotten.
 */
import { Pencil, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { MIN_PASSWORD_LENGTH, ROLES, type Role } from '../../../shared/constants.js';
import { emailSchema, PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.js';
import { type AdminUser, isBlankPassword } from '../../../shared/schemas/customers.js';
import { EmailList } from '../../components/email-list';
import { EmailText } from '../../components/email-text';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useAdminUsers, useCreateUser, useUpdateUser } from '../customers/api';
import { EndSessionsSection } from '../security/end-sessions-section';

export const ADMIN_USERS_PAGE_SIZE = 20;

/** What each role may do, in a few words, beside its name in the role picker. */
const ROLE_SUMMARY: Record<Role, string> = {
  ADMIN: 'everything',
  OPERATIONS: 'orders, import, export',
  SUPPORT: 'orders read, notes, password resets',
  VIEWER: 'read only',
  USER: 'customer, no back office',
};
const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: `${role} (${ROLE_SUMMARY[role]})` }));

interface UserForm {
  email: string;
  password: string;
  confirmPassword: string;
  role: Role;
}

/**
 * The form's checks, in a fixed order, as a toast title and description; null when the form may be
 * sent. Editing applies the length rule only when a password is entered (a blank one keeps the
 * current).
 */
export function checkUserForm(form: UserForm, mode: 'add' | 'edit'): [string, string] | null {
  if (form.password !== form.confirmPassword) {
    return ["Passwords don't match", 'Please ensure both passwords are identical'];
  }
  if (!z.safeParse(emailSchema, form.email).success) {
    return ['Email required', 'Please enter a valid email address'];
  }
  const checkLength = mode === 'add' || !isBlankPassword(form.password);
  if (checkLength && form.password.length < MIN_PASSWORD_LENGTH) {
    return ['Password too short', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`];
  }
  return null;
}

export function AdminUsersTab() {
  const [page, setPage] = useState(1);
  const admins = useAdminUsers({ role: 'STAFF', page, pageSize: ADMIN_USERS_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const data = admins.data;
  const edit = (admin: AdminUser) => {
    setEditing(admin);
    setEditOpen(true);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Admin Users</CardTitle>
          <CardDescription>People who can sign in to this back office.</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {admins.isPending && <PageSpinner />}
        {admins.isError && !data && (
          <LoadFailed onRetry={() => admins.refetch()}>We could not load the admin users.</LoadFailed>
        )}
        {data && (
          <>
            <AdminsTable admins={data.items} onEdit={edit} />
            <AdminsList admins={data.items} onEdit={edit} />
            {data.total > ADMIN_USERS_PAGE_SIZE && (
              <Pager
                page={page}
                pageSize={ADMIN_USERS_PAGE_SIZE}
                total={data.total}
                noun="admin users"
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </CardContent>

      <AddUserDialog open={adding} onOpenChange={setAdding} />
      {editing && <EditUserDialog user={editing} open={editOpen} onOpenChange={setEditOpen} />}
    </Card>
  );
}

type EditHandler = (admin: AdminUser) => void;

function EditButton({ admin, onEdit }: { admin: AdminUser; onEdit: EditHandler }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onEdit(admin)}>
      <Pencil aria-hidden="true" />
      Edit<span className="sr-only"> {admin.email}</span>
    </Button>
  );
}

/** From 640 px: a table. Its 'Last Active' column reads 'Active' for every admin. */
function AdminsTable({ admins, onEdit }: { admins: AdminUser[]; onEdit: EditHandler }) {
  return (
    <div className="hidden sm:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Last Active</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {admins.map((admin) => (
            <TableRow key={admin.id}>
              <TableCell className="max-w-64 break-words font-medium">
                <EmailText email={admin.email} />
              </TableCell>
              <TableCell>
                <Badge>{admin.role}</Badge>
              </TableCell>
              <TableCell>Active</TableCell>
              <TableCell className="text-right">
                <EditButton admin={admin} onEdit={onEdit} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below 640 px the four columns do not fit: one entry per admin, Edit always in reach. */
function AdminsList({ admins, onEdit }: { admins: AdminUser[]; onEdit: EditHandler }) {
  return (
    <EmailList
      label="Admin users"
      items={admins}
      action={(admin) => <EditButton admin={admin} onEdit={onEdit} />}
      detailsClassName="flex items-center gap-2"
      details={(admin) => (
        <>
          <Badge>{admin.role}</Badge>
          Last Active: Active
        </>
      )}
    />
  );
}

function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            The new user signs in with this email and password. Choose a staff role (ADMIN, OPERATIONS,
            SUPPORT or VIEWER) for back-office access.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form every opening. */}
        {open && (
          <UserFormFields
            mode="add"
            initial={{ email: '', password: '', confirmPassword: '', role: 'ADMIN' }}
            submitLabel="Add User"
            busy={create.isPending}
            onCancel={() => onOpenChange(false)}
            onSubmit={(form) =>
              create.mutate(
                { email: form.email, password: form.password, role: form.role },
                {
                  onSuccess: (user) => {
                    toastSuccess('User created', user.email);
                    onOpenChange(false);
                  },
                  onError: (error) => toastError('Failed to create user', error, GENERIC_ERROR),
                },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Leave the password blank to keep the current one.</DialogDescription>
        </DialogHeader>
        {open && (
          <UserFormFields
            key={user.id}
            mode="edit"
            initial={{ email: user.email, password: '', confirmPassword: '', role: user.role }}
            submitLabel="Save Changes"
            busy={update.isPending}
            onCancel={() => onOpenChange(false)}
            onSubmit={(form) =>
              update.mutate(
                {
                  id: user.id,
                  body: {
                    email: form.email,
                    role: form.role,
                    ...(isBlankPassword(form.password) ? {} : { password: form.password }),
                  },
                },
                {
                  onSuccess: (updated) => {
                    toastSuccess('User updated', updated.email);
                    onOpenChange(false);
                  },
                  onError: (error) => toastError('Failed to update user', error, GENERIC_ERROR),
                },
              )
            }
          />
        )}
        {open && <EndSessionsSection userId={user.id} email={user.email} />}
      </DialogContent>
    </Dialog>
  );
}

function UserFormFields({
  mode,
  initial,
  submitLabel,
  busy,
  onCancel,
  onSubmit,
}: {
  mode: 'add' | 'edit';
  initial: UserForm;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (form: UserForm) => void;
}) {
  const [form, setForm] = useState(initial);
  const set = (patch: Partial<UserForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkUserForm(form, mode);
    if (problem) {
      toast({ variant: 'destructive', title: problem[0], description: problem[1] });
      return;
    }
    onSubmit({ ...form, email: form.email.trim() });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={form.email}
        onChange={(event) => set({ email: event.target.value })}
      />
      <PasswordField
        label={mode === 'add' ? 'Password' : 'New password'}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={mode === 'edit' ? 'Leave blank to keep the current one' : undefined}
        value={form.password}
        onChange={(event) => set({ password: event.target.value })}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={form.confirmPassword}
        onChange={(event) => set({ confirmPassword: event.target.value })}
      />
      <SelectField
        label="Role"
        value={form.role}
        onChange={(role) => set({ role: role as Role })}
        choices={ROLE_CHOICES}
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
