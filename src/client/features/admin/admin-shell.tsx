import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarDays,
  ChartNoAxesCombined,
  Landmark,
  LayoutDashboard,
  MessagesSquare,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Upload,
  Users,
  Webhook,
} from 'lucide-react';
import { I18nextProvider } from 'react-i18next';
import type { Permission } from '../../../shared/permissions.js';
import { i18n } from '../../i18n';
import { LiveConnection } from '../../lib/live-connection';
import { adminOrderKeys, noteBulkJobProgress } from '../admin-orders/api';
import { useCan } from '../auth/permissions';
import { conversationKeys } from '../conversations/api';
import { WaitingConversationsBadge } from '../conversations/badges';
import { deliverySlotKeys } from '../delivery-booking/api';
import { financingKeys } from '../financing/api';
import { insightsKeys } from '../insights/api';
import { AppShell } from '../shell/app-shell';
import type { NavItem } from '../shell/sidebar';
import { BackOfficeKeys, ShortcutButtons } from '../shortcuts/back-office-keys';

/**
 * Each page with the permission its route requires (app.tsx): a role sees only what it may open.
 * My account has none: every staff member has one.
 */
const ADMIN_NAV: readonly (NavItem & { permission?: Permission })[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true, permission: 'dashboard.read' },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart, permission: 'orders.read' },
  {
    to: '/admin/conversations',
    label: 'Conversations',
    icon: MessagesSquare,
    badge: WaitingConversationsBadge,
    permission: 'orders.read',
  },
  { to: '/admin/customers', label: 'Customers', icon: Users, permission: 'customers.read' },
  { to: '/admin/insights', label: 'Insights', icon: ChartNoAxesCombined, permission: 'insights.read' },
  { to: '/admin/delivery-days', label: 'Delivery days', icon: CalendarDays, permission: 'orders.read' },
  { to: '/admin/financing', label: 'Financing', icon: Landmark, permission: 'financing.read' },
  { to: '/admin/import', label: 'Import Data', icon: Upload, permission: 'orders.import' },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook, permission: 'webhookLog.read' },
  { to: '/admin/settings', label: 'Settings', icon: Settings, permission: 'admin.all' },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, permission: 'admin.all' },
  { to: '/admin/account', label: 'My account', icon: ShieldCheck },
];

let english: typeof i18n | undefined;

/**
 * The back office is English only; the shell it shares with the portal speaks the portal's language,
 * so it gets an English instance whatever language the browser or account chose. One per page: made
 * in a render, it was made again at each attempt React threw away while a screen loaded (70 ms of a
 * phone's first load of /admin).
 */
function englishI18n(): typeof i18n {
  english ??= i18n.cloneInstance({ lng: 'en' });
  return english;
}

export default function AdminShell() {
  const queryClient = useQueryClient();
  const can = useCan();
  const items = ADMIN_NAV.filter((item) => !item.permission || can(item.permission));
  // The orders table, the dashboard and any open order's details all hang off adminOrderKeys.all; an
  // open Insights screen's charts off insightsKeys.all (a query no screen holds is only marked stale).
  // A provider's decision arrives as a stage update: the financing lists follow it too.
  const refreshInsights = () => void queryClient.invalidateQueries({ queryKey: insightsKeys.all });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: financingKeys.staff });
    refreshInsights();
  };
  const refreshDeliveryDays = () => {
    void queryClient.invalidateQueries({ queryKey: deliverySlotKeys.all });
    refreshInsights();
  };
  const english = englishI18n();
  const refreshMessages = () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    refreshInsights();
  };
  return (
    <I18nextProvider i18n={english}>
      <div lang="en">
        <LiveConnection
          refresh={refresh}
          onStaffMessage={(message) => {
            if (message.type === 'orders_changed') refresh();
            else if (message.type === 'bulk_job_progress') noteBulkJobProgress(queryClient, message);
            else refreshDeliveryDays();
          }}
          onMessageCreated={refreshMessages}
        >
          <AppShell
            portalName="Admin Portal"
            items={items}
            sidebarSection={(close) => <ShortcutButtons onOpen={close} />}
          />
          <BackOfficeKeys screens={items} />
        </LiveConnection>
      </div>
    </I18nextProvider>
  );
}
