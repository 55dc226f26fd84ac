/** Counts beside the sidebar links: the customer's unread messages, the staff's waiting conversations. */
import { useTranslation } from 'react-i18next';
import { useConversations, useUnreadMessages } from './api';

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

export function UnreadMessagesBadge() {
  const { t } = useTranslation('conversations');
  const unread = useUnreadMessages();
  const total = unread.data?.total ?? 0;
  return <CountBadge count={total} label={t('unread', { count: total })} />;
}

export function WaitingConversationsBadge() {
  const waiting = useConversations('unanswered', 1, 1);
  const total = waiting.data?.total ?? 0;
  return <CountBadge count={total} label="waiting for an answer" />;
}
