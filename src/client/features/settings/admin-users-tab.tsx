/**
 * Settings → Admin Users: the staff (every role but USER), each role by name, Invite User (the person
 * chooses their own password, decision 290) and Edit User. Both dialogs save at once; Edit User's
 * button is 'Save Changes', so nothing waits for a second save that could be forgotten.
 */
import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '../../../shared/schemas/customers.js';
import { EmailList } from '../../components/email-list';
import { EmailText } from '../../components/email-text';
import { LoadFailed } from '../../components/load-failed';
import { Pager } from '../../components/pager';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useAdminUsers } from '../customers/api';
import { useRoleNames } from '../locale/role-names';
import { EditUserDialog } from './edit-user-dialog';
import { InviteUserDialog } from './invite-user-dialog';

export const ADMIN_USERS_PAGE_SIZE = 20;

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
          Invite User
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
                noun={{ one: 'admin user', other: 'admin users' }}
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </CardContent>

      <InviteUserDialog open={adding} onOpenChange={setAdding} />
      {editing && <EditUserDialog user={editing} open={editOpen} onOpenChange={setEditOpen} />}
    </Card>
  );
}

type EditHandler = (admin: AdminUser) => void;

/** The role by name, with what it may do for a pointer's hover and a screen reader. */
function RoleBadge({ admin }: { admin: AdminUser }) {
  const { roleName, roleLine } = useRoleNames();
  return <Badge title={roleLine(admin.role)}>{roleName(admin.role)}</Badge>;
}

function EditButton({ admin, onEdit }: { admin: AdminUser; onEdit: EditHandler }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onEdit(admin)}>
      <Pencil aria-hidden="true" />
      Edit<span className="sr-only"> {admin.email}</span>
    </Button>
  );
}

/** From 640 px: a table. Its 'Last Active' column reads 'Active', or 'Invited' until the password is chosen. */
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
                <RoleBadge admin={admin} />
              </TableCell>
              <TableCell>{admin.accountStatus === 'PENDING' ? 'Invited' : 'Active'}</TableCell>
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
          <RoleBadge admin={admin} />
          Last Active: {admin.accountStatus === 'PENDING' ? 'Invited' : 'Active'}
        </>
      )}
    />
  );
}
