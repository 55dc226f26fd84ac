import { useQueryClient } from '@tanstack/react-query';
import { House, Package, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LiveStatusUpdate } from '../../../shared/live.js';
import { type DesktopNotice, LiveConnection } from '../../lib/live-connection';
import { useStageText } from '../../lib/stage-text';
import { conversationKeys } from '../conversations/api';
import { UnreadMessagesBadge } from '../conversations/badges';
import { orderKeys } from '../orders/api';
import { AppShell } from './app-shell';
import { PurchaseTasks } from './purchase-tasks';
import type { NavItem } from './sidebar';

export default function CustomerShell() {
  const { t } = useTranslation('shell');
  const stages = useStageText();
  // The stage by its one customer name (customerStageLabel), in the customer's language.
  const notice: DesktopNotice = ({ status }) => ({
    title: t('statusNotification.title'),
    body: t('statusNotification.body', { stage: stages.label(status) }),
  });
  const nav: readonly NavItem[] = [
    { to: '/', label: t('nav.home'), icon: House, end: true },
    { to: '/orders', label: t('nav.orders'), icon: Package, badge: UnreadMessagesBadge },
    { to: '/account', label: t('nav.account'), icon: UserRound },
    { to: '/settings', label: t('nav.settings'), icon: Settings },
  ];
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
    <LiveConnection refresh={refresh} onMessageCreated={refreshMessages} desktopNotifications={notice}>
      <AppShell
        portalName={t('portalName')}
        items={nav}
        sidebarSection={(close) => <PurchaseTasks onNavigate={close} />}
      />
    </LiveConnection>
  );
}
