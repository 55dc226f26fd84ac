import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarDays,
  LayoutDashboard,
  ScrollText,
  Settings,
  ShoppingCart,
  Upload,
  Users,
  Webhook,
} from 'lucide-react';
import type { Permission } from '../../../shared/permissions.js';
import { LiveConnection } from '../../lib/live-connection';
import { adminOrderKeys } from '../admin-orders/api';
import { useCan } from '../auth/permissions';
import { deliverySlotKeys } from '../delivery-booking/api';
import { AppShell } from '../shell/app-shell';
import type { NavItem } from '../shell/sidebar';

/** Each page with the permission its route requires (app.tsx): a role sees only what it may open. */
const ADMIN_NAV: readonly (NavItem & { permission: Permission })[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true, permission: 'dashboard.read' },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart, permission: 'orders.read' },
  { to: '/admin/customers', label: 'Customers', icon: Users, permission: 'customers.read' },
  { to: '/admin/delivery-days', label: 'Delivery days', icon: CalendarDays, permission: 'orders.read' },
  { to: '/admin/import', label: 'Import Data', icon: Upload, permission: 'orders.import' },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook, permission: 'webhookLog.read' },
  { to: '/admin/settings', label: 'Settings', icon: Settings, permission: 'admin.all' },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, permission: 'admin.all' },
];

export default function AdminShell() {
  const queryClient = useQueryClient();
  const can = useCan();
  const items = ADMIN_NAV.filter((item) => can(item.permission));
  // The orders table, the dashboard and any open order's details all hang off adminOrderKeys.all.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
  const refreshDeliveryDays = () => void queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all });
  return (
    <LiveConnection refresh={refresh} onStaffMessage={refreshDeliveryDays}>
      <AppShell portalName="Admin Portal" items={items} />
    </LiveConnection>
  );
}
