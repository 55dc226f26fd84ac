import { Outlet } from 'react-router';
import type { Permission } from '../../../shared/permissions.js';
import NotAllowedPage from '../not-found/not-allowed-page';
import { useSession } from './session';

/** Whether the signed-in user's role allows this; the server checks again on every request. */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSession();
  const permissions = user?.permissions ?? [];
  return (permission) => permissions.includes(permission);
}

/**
 * Back-office pages behind a permission: a role without it sees a page saying so, rather than a page
 * whose every request would be refused.
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  const can = useCan();
  return can(permission) ? <Outlet /> : <NotAllowedPage />;
}
