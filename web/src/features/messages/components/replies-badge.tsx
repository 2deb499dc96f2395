import { useT } from '@/i18n/use-t';
import '@/i18n/messages-area';
import { useCountUnreadRepliesQuery } from '../api/count-unread-replies';
import { BADGE_POLLING, CountBadge } from './count-badge';

/** The top bar's "Contact us": how many of the teacher's replies the student has not seen. */
export function RepliesBadge() {
  const t = useT();
  const query = useCountUnreadRepliesQuery(undefined, BADGE_POLLING);
  return <CountBadge query={query} label={(count) => t('contact.repliesBadge', { count })} testId="replies-badge" />;
}
