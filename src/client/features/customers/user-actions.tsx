import { KeyRound, Mail, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { UserDetail } from '../../../shared/schemas/customers.js';
import { Button } from '../../components/ui/button';
import { useCan } from '../auth/permissions';
import { ChangeEmailPanel } from './change-email-panel';
import { DeleteUserPanel } from './delete-user-panel';
import { ResetPasswordPanel } from './reset-password-panel';

export type UserAction = 'reset' | 'email' | 'delete' | null;

/** User Management's action buttons the staff member may use, each opening its panel under them. */
export function UserActions({
  user,
  action,
  onActionChange,
  onDeleted,
}: {
  user: UserDetail;
  action: UserAction;
  onActionChange: (action: UserAction) => void;
  onDeleted: () => void;
}) {
  const panelId = useId();
  const toggle = (next: Exclude<UserAction, null>) => onActionChange(action === next ? null : next);
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
          {action === 'delete' && <DeleteUserPanel user={user} onCancel={close} onDeleted={onDeleted} />}
        </div>
      )}
    </section>
  );
}
