import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { CountBadge } from '@/components/count-badge';
import { BellIcon } from '@/components/icons';
import { useT } from '@/i18n/use-t';
import { selectHasValidToken } from '@/lib/session';
import { useListNotificationsQuery } from '../api/list-notifications';

// The list, its texts and styles come when the bell is first opened: no page's first load carries them.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** Asked when a page loads, when the window comes back into focus (CountBadge) and every five minutes. */
const BELL_POLLING = { pollingInterval: 5 * 60_000, skipPollingIfUnfocused: true } as const;

/** The student's bell in the top navigation: the unread count, and the list when opened. */
export function NotificationBell() {
  const t = useT();
  // An expired session asks nothing: the page's own guard tells the student to sign in again.
  const signedIn = useSelector(selectHasValidToken);
  const query = useListNotificationsQuery(undefined, { ...BELL_POLLING, skip: !signedIn });
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  const unread = query.data?.unread ?? 0;
  return (
    <div className="notification-bell">
      <button
        type="button"
        className="icon-button bell-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={unread ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications')}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        <BellIcon />
        <CountBadge query={{ data: unread, refetch: query.refetch }} label={(count) => t('nav.notificationsUnread', { count })} testId="notifications-badge" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
