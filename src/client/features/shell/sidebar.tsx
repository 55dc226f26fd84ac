import { LogOut } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useCompanyName } from '../../lib/brand-colour';
import { cn } from '../../lib/utils';
import { useLogout } from '../auth/session';
import { DarkModeSwitch } from './dark-mode-switch';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Match the path exactly (the portal's home), not every path below it. */
  end?: boolean;
  /** A count beside the label (unread messages), rendered by the portal that knows it. */
  badge?: ComponentType;
}

interface SidebarProps {
  portalName: string;
  items: readonly NavItem[];
  /** A portal's own section under the links (the customer's Purchase Tasks). */
  children?: ReactNode;
  /** Called after a link is followed, so the mobile menu can close. */
  onNavigate?: () => void;
}

export function Sidebar({ portalName, items, children, onNavigate }: SidebarProps) {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const companyName = useCompanyName();
  return (
    <div className="flex h-full flex-col gap-4 bg-sidebar p-4">
      <div className="flex items-center gap-3 px-2 py-2">
        <BrandMark />
        <div className="min-w-0">
          <p className="wrap-break-word font-semibold leading-tight tracking-tight">{companyName}</p>
          <p className="text-muted-foreground text-xs">{portalName}</p>
        </div>
      </div>
      <nav aria-label={portalName}>
        <ul className="grid gap-1">
          {items.map(({ to, label, icon: Icon, end, badge: NavBadge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
                {NavBadge && <NavBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
      <div className="mt-auto grid gap-1 border-t pt-4">
        <DarkModeSwitch />
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex items-center gap-3 rounded-md px-3 py-2 font-medium text-muted-foreground text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t('logout')}
        </button>
      </div>
    </div>
  );
}
