import type { ReactNode } from 'react';
import type { UserDetail } from '../../../shared/schemas/customers.js';
import { EmailText } from '../../components/email-text';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/dates';

/** User Management's account facts: e-mail, name, role, account state, since when and last active. */
export function UserInfo({ user }: { user: UserDetail }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const rows: Array<[string, ReactNode]> = [
    ['Email', <EmailText key="email" email={user.email} />],
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
