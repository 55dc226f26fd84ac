import { LayoutDashboard, Settings, ShoppingCart, Upload, Users, Webhook } from 'lucide-react';
import { AppShell } from '../shell/app-shell';
import type { NavItem } from '../shell/sidebar';

const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/import', label: 'Import Data', icon: Upload },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export default function AdminShell() {
  return <AppShell portalName="Admin Portal" items={ADMIN_NAV} />;
}
