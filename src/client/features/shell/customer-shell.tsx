import { useQueryClient } from '@tanstack/react-query';
import { House, Package, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LiveStatusUpdate } from '../../../shared/live.js';
import type { OrderDto } from '../../../shared/schemas/orders.js';
import { type DesktopNotice, LiveConnection } from '../../lib/live-connection';
import { useNames } from '../../lib/names';
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
  const names = useNames();
  const queryClient = useQueryClient();
  // The stage by its one customer name (customerStageLabel), in the customer's language; a unit's
  // move names the unit as the screens do, when its order is among those loaded.
  const notice: DesktopNotice = ({ orderId, itemNumber, status }) => {
    const order = queryClient.getQueryData<OrderDto[]>(orderKeys.list())?.find((o) => o.id === orderId);
    return {
      title: t('statusNotification.title'),
      body:
        order && itemNumber !== undefined
          ? t('statusNotification.unitBody', {
              unit: names.unit(order.orderId, itemNumber),
              stage: stages.label(status),
            })
          : t('statusNotification.body', { stage: stages.label(status) }),
    };
  };
  const nav: readonly NavItem[] = [
    { to: '/', label: t('nav.home'), icon: House, end: true },
    { to: '/orders', label: t('nav.orders'), icon: Package, badge: UnreadMessagesBadge },
    { to: '/account', label: t('nav.account'), icon: UserRound },
    { to: '/settings', label: t('nav.settings'), icon: Settings },
  ];
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
