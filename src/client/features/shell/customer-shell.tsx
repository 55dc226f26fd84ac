import { useQueryClient } from '@tanstack/react-query';
import { House, Package, Settings, UserRound } from 'lucide-react';
import type { LiveStatusUpdate } from '../../../shared/live.js';
import { LiveConnection } from '../../lib/live-connection';
import { conversationKeys } from '../conversations/api';
import { UnreadMessagesBadge } from '../conversations/badges';
import { orderKeys } from '../orders/api';
import { AppShell } from './app-shell';
import { PurchaseTasks } from './purchase-tasks';
import type { NavItem } from './sidebar';

const CUSTOMER_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/orders', label: 'My Orders', icon: Package, badge: UnreadMessagesBadge },
  { to: '/account', label: 'Account', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export default function CustomerShell() {
  const queryClient = useQueryClient();
  // A live update refreshes the order, its items, its events and the list; the detail key covers the
  // order, its items and its events.
  const refresh = ({ orderId }: LiveStatusUpdate) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
  };
  // A new message refreshes the open conversation and the unread badge.
  const refreshMessages = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  return (
    <LiveConnection refresh={refresh} onMessageCreated={refreshMessages} desktopNotifications>
      <AppShell
        portalName="Customer Portal"
        items={CUSTOMER_NAV}
        sidebarSection={(close) => <PurchaseTasks onNavigate={close} />}
      />
    </LiveConnection>
  );
}
