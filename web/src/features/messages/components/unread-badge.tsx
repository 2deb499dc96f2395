import { useEffect } from 'react';
import { useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import { useCountUnreadMessagesQuery } from '../api/count-unread-messages';
import './messages.css';

/** The admin menu's Messages item: the unread count (GET /api/admin/messages/unread), again every 60 s and when the window regains focus. */
export function UnreadBadge() {
  const t = useT();
  const { data: unread, refetch } = useCountUnreadMessagesQuery(undefined, { pollingInterval: 60_000, skipPollingIfUnfocused: true });
  // The store sets up no RTK Query focus listeners: the badge listens for itself.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [refetch]);
  if (!unread) return null;
  return (
    <span className="menu-count" data-testid="unread-badge" aria-label={t('inbox.badge', { count: unread })} title={t('inbox.badge', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
