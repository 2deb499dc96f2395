import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/notifications-area';
import { useListNotificationsQuery } from '../api/list-notifications';
import { useMarkNotificationsReadMutation } from '../api/mark-notifications-read';
import { dateTimeText, notificationLink, notificationText } from '../lib/notification-view';
import './notifications.css';

/**
 * The bell's list (a popover on a wide screen, a full-width sheet on a phone): newest first, the
 * unread marked; an item leads where it belongs and is read then; "Mark all read". Escape or a
 * click outside closes it.
 */
export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const list = useListNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: PointerEvent) => {
      const bell = panel.current?.parentElement;
      if (bell && !bell.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);

  const data = list.data;
  return (
    <div ref={panel} className="notification-panel" role="dialog" aria-label={t('notifications.title')} data-testid="notification-panel">
      <header className="notification-panel-head">
        <h2>{t('notifications.title')}</h2>
        <button type="button" className="link-button" disabled={!data?.unread} onClick={() => void markRead({ all: true })}>
          {t('notifications.markAllRead')}
        </button>
        <button type="button" className="icon-button notification-close" aria-label={t('notifications.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {!data && list.isError ? (
        <div className="notice" role="alert">
          <p>{t('notifications.loadFailed')}</p>
          <button type="button" className="button button-ghost" onClick={() => void list.refetch()}>
            {t('notifications.tryAgain')}
          </button>
        </div>
      ) : !data ? (
        <Spinner label={t('loading')} />
      ) : !data.data.length ? (
        <p className="notification-empty">{t('notifications.empty')}</p>
      ) : (
        <ul className="notification-list">
          {data.data.map((n) => {
            const link = notificationLink(n);
            return (
              <li key={n.id} className={n.read ? undefined : 'is-unread'}>
                <Link
                  to={link.to}
                  state={link.state}
                  onClick={() => {
                    if (!n.read) void markRead({ ids: [n.id] });
                    onClose();
                  }}
                >
                  {!n.read && <span className="notification-dot" role="img" aria-label={t('notifications.unread')} />}
                  <span className="notification-text" dir="auto">
                    {notificationText(n, t, language)}
                  </span>
                  <time dateTime={n.createdAt}>{dateTimeText(n.createdAt, language)}</time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
