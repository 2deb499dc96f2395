import { useEffect } from 'react';
import { useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import { useCountUnreadRepliesQuery } from '../api/count-unread-replies';
import './messages.css';

/** The top bar's "Contact us": how many of the teacher's replies the student has not seen, again every 60 s and on focus. */
export function RepliesBadge() {
  const t = useT();
  const { data: unread, refetch } = useCountUnreadRepliesQuery(undefined, { pollingInterval: 60_000, skipPollingIfUnfocused: true });
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
    <span className="menu-count" data-testid="replies-badge" aria-label={t('contact.repliesBadge', { count: unread })} title={t('contact.repliesBadge', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
