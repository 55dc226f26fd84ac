import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarDays,
  LayoutDashboard,
  MessagesSquare,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Upload,
  Users,
  Webhook,
} from 'lucide-react';
import { LiveConnection } from '../../lib/live-connection';
import { adminOrderKeys } from '../admin-orders/api';
import { conversationKeys } from '../conversations/api';
import { WaitingConversationsBadge } from '../conversations/badges';
import { deliverySlotKeys } from '../delivery-booking/api';
import { AppShell } from '../shell/app-shell';
import type { NavItem } from '../shell/sidebar';

const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  {
    to: '/admin/conversations',
    label: 'Conversations',
    icon: MessagesSquare,
    badge: WaitingConversationsBadge,
  },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/delivery-days', label: 'Delivery days', icon: CalendarDays },
  { to: '/admin/import', label: 'Import Data', icon: Upload },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/account', label: 'My account', icon: ShieldCheck },
];

export default function AdminShell() {
  const queryClient = useQueryClient();
  // The orders table, the dashboard and any open order's details all hang off adminOrderKeys.all.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
  const refreshDeliveryDays = () => void queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all });
  const refreshMessages = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  return (
    <LiveConnection refresh={refresh} onStaffMessage={refreshDeliveryDays} onMessageCreated={refreshMessages}>
      <AppShell portalName="Admin Portal" items={ADMIN_NAV} />
    </LiveConnection>
  );
}
