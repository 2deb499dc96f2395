import { useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import { useCountUnreadMessagesQuery } from '../api/count-unread-messages';
import { BADGE_POLLING, CountBadge } from '@/components/count-badge';

/** The admin menu's Messages item: the unread count (GET /api/admin/messages/unread). */
export function UnreadBadge() {
  const t = useT();
  const query = useCountUnreadMessagesQuery(undefined, BADGE_POLLING);
  return <CountBadge query={query} label={(count) => t('inbox.badge', { count })} testId="unread-badge" />;
}
