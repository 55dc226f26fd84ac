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
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../i18n';
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
  // The back office is English only; the shell it shares with the portal speaks the portal's language,
  // so it gets an English instance here whatever language the browser or account chose.
  const [english] = useState(() => i18n.cloneInstance({ lng: 'en' }));
  const refreshMessages = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  return (
    <I18nextProvider i18n={english}>
      <div lang="en">
        <LiveConnection
          refresh={refresh}
          onStaffMessage={refreshDeliveryDays}
          onMessageCreated={refreshMessages}
        >
          <AppShell portalName="Admin Portal" items={ADMIN_NAV} />
        </LiveConnection>
      </div>
    </I18nextProvider>
  );
}
