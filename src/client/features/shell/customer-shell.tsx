import { House, Package, Settings, UserRound } from 'lucide-react';
import { AppShell } from './app-shell';
import { PurchaseTasks } from './purchase-tasks';
import type { NavItem } from './sidebar';

const CUSTOMER_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/orders', label: 'My Orders', icon: Package },
  { to: '/account', label: 'Account', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export default function CustomerShell() {
  return (
    <AppShell
      portalName="Customer Portal"
      items={CUSTOMER_NAV}
      sidebarSection={(close) => <PurchaseTasks onNavigate={close} />}
    />
  );
}
