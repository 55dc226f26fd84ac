/**
 * User Management (from the Customers page): the user's info and orders, and three actions, each
 * opening its own panel under the buttons: Reset Password (confirm, then 'Send Reset Link'), Change
 * Email, Delete User (two steps: 'Delete User', then 'Confirm Deletion').
 */

import { KeyRound, Mail, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatCents } from '../../../shared/format.js';
import { type UserDetail, userHasOrdersMessage } from '../../../shared/schemas/customers.js';
import { EmailText } from '../../components/email-text';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useCan } from '../auth/permissions';
import { refusedOrderCount, useChangeEmail, useDeleteUser, useSendPasswordReset, useUserDetail } from './api';

/** 'DOCUMENTS_SIGNING' → 'DOCUMENTS SIGNING'. */
export const statusWithSpaces = (status: string) => status.replaceAll('_', ' ');

type Action = 'reset' | 'email' | 'delete' | null;

export function UserManagementDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useUserDetail(open ? userId : null);
  const [action, setAction] = useState<Action>(null);

  // Every opening, and every other user, starts with no action chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a new user or a new opening.
  useEffect(() => setAction(null), [userId, open]);

  const user = detail.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>User Management</DialogTitle>
          <DialogDescription className="break-words">
            {user ? <EmailText email={user.email} /> : 'Account details, orders and actions.'}
          </DialogDescription>
        </DialogHeader>

        {detail.isPending && (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        )}
        {detail.isError && (
          <Alert variant="destructive">
            <span className="col-span-2">{errorMessage(detail.error) ?? 'We could not load this user.'}</span>
          </Alert>
        )}
        {user && (
          <>
            <UserInfo user={user} />
            <UserOrders orders={user.orders} />
            <UserActions
              user={user}
              action={action}
              onActionChange={setAction}
              onDeleted={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserInfo({ user }: { user: UserDetail }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const rows: Array<[string, ReactNode]> = [
    ['Email', <EmailText key="email" email={user.email} className="break-words" />],
    ['Name', name || '—'],
    [
      'Role',
      <Badge key="role" variant={user.role === 'ADMIN' ? 'default' : 'secondary'}>
        {user.role}
      </Badge>,
    ],
    ['Account', user.accountStatus === 'ACTIVE' ? 'Active' : 'Pending set-up (no password yet)'],
    ['Customer since', formatDate(user.createdAt)],
    ['Last active', formatDate(user.lastActiveAt) || 'Never signed in'],
  ];
  return (
    <section aria-labelledby="user-info-heading" className="grid gap-2">
      <h3 id="user-info-heading" className="font-semibold text-sm">
        User info
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border p-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function UserOrders({ orders }: { orders: UserDetail['orders'] }) {
  return (
    <section aria-labelledby="user-orders-heading" className="grid gap-2">
      <h3 id="user-orders-heading" className="font-semibold text-sm">
        Orders
      </h3>
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
          No orders found for this user.
        </p>
      ) : (
        <ul className="grid max-h-60 gap-2 overflow-y-auto">
          {orders.map((order) => (
            <li
              key={order.id}
              className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
            >
              <span className="min-w-0 font-medium">
                {order.orderId}
                <span className="block truncate font-normal text-muted-foreground">{order.productName}</span>
              </span>
              <span className="text-right font-medium tabular-nums">{formatCents(order.amount) || '—'}</span>
              <span className="text-xs">
                <span className="sr-only">Status: </span>
                {statusWithSpaces(order.status)}
              </span>
              <span className="text-right text-muted-foreground text-xs">{formatDate(order.orderDate)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserActions({
  user,
  action,
  onActionChange,
  onDeleted,
}: {
  user: UserDetail;
  action: Action;
  onActionChange: (action: Action) => void;
  onDeleted: () => void;
}) {
  const panelId = useId();
  const toggle = (next: Exclude<Action, null>) => onActionChange(action === next ? null : next);
  const close = () => onActionChange(null);
  const can = useCan();
  const buttons = (
    [
      {
        value: 'reset',
        label: 'Reset Password',
        icon: KeyRound,
        variant: 'outline',
        allowed: can('customers.resetPassword'),
      },
      { value: 'email', label: 'Change Email', icon: Mail, variant: 'outline', allowed: can('admin.all') },
      {
        value: 'delete',
        label: 'Delete User',
        icon: Trash2,
        variant: 'destructive',
        allowed: can('admin.all'),
      },
    ] as const
  ).filter((button) => button.allowed);
  if (buttons.length === 0) return null;

  return (
    <section aria-labelledby="user-actions-heading" className="grid gap-3 border-t pt-4">
      <h3 id="user-actions-heading" className="font-semibold text-sm">
        Actions
      </h3>
      <div className="grid gap-2 sm:grid-cols-3">
        {buttons.map(({ value, label, icon: Icon, variant }) => (
          <Button
            key={value}
            variant={variant}
            className={variant === 'outline' ? 'aria-expanded:bg-accent' : undefined}
            aria-expanded={action === value}
            aria-controls={action === value ? panelId : undefined}
            onClick={() => toggle(value)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      {action && (
        <div id={panelId} className="rounded-lg border bg-muted/40 p-4">
          {action === 'reset' && <ResetPasswordPanel user={user} onDone={close} />}
          {action === 'email' && <ChangeEmailPanel user={user} onDone={close} />}
          {action === 'delete' && <DeletePanel user={user} onCancel={close} onDeleted={onDeleted} />}
        </div>
      )}
    </section>
  );
}

/** Moves focus into a panel when it opens, so keyboard users land on its first control. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function ResetPasswordPanel({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const reset = useSendPasswordReset();
  const confirmRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Send <EmailText email={user.email} className="break-words font-medium" /> a code and a link to choose
        a new password? Their current password keeps working until they do.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button
          ref={confirmRef}
          loading={reset.isPending}
          onClick={() =>
            reset.mutate(user.id, {
              onSuccess: ({ message }) => {
                toastSuccess('Password reset initiated', message);
                onDone();
              },
              onError: (error) => toastError('Failed to reset password', error, GENERIC_ERROR),
            })
          }
        >
          Send Reset Link
        </Button>
      </div>
    </div>
  );
}

function ChangeEmailPanel({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const change = useChangeEmail();
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { id: user.id, email: email.trim() },
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
    );
  };
  return (
    <form className="grid gap-3" onSubmit={submit}>
      <TextField
        ref={inputRef}
        label="New email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={email.trim() === ''} loading={change.isPending}>
          Update Email
        </Button>
      </div>
    </form>
  );
}

function DeletePanel({
  user,
  onCancel,
  onDeleted,
}: {
  user: UserDetail;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteUser();
  const confirmRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Delete <EmailText email={user.email} className="break-words font-medium" /> for good? Their sign-in
        and settings are removed; this cannot be undone.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={confirmRef}
          variant="destructive"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(user.id, {
              onSuccess: () => {
                toastSuccess('User deleted');
                onDeleted();
              },
              onError: (error) => {
                const orders = refusedOrderCount(error);
                if (orders === undefined) toastError('Failed to delete user', error, GENERIC_ERROR);
                else
                  toast({
                    variant: 'destructive',
                    title: 'Cannot delete user',
                    description: userHasOrdersMessage(orders),
                  });
              },
            })
          }
        >
          Confirm Deletion
        </Button>
      </div>
    </div>
  );
}
