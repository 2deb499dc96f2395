import { useSelector } from 'react-redux';
import { useT } from '@/i18n/use-t';
import { selectHasValidToken } from '@/lib/session';
import { useCountUnreadRepliesQuery } from '../api/count-unread-replies';
import { BADGE_POLLING, CountBadge } from '@/components/count-badge';

/**
 * The top bar's "Contact us": how many of the teacher's replies the student has not seen. Part of the
 * shell (every signed-in page shows it), so it carries no messages texts or styles of its own.
 */
export function RepliesBadge() {
  const t = useT();
  // An expired session asks nothing: the page's own guard tells the student to sign in again.
  const signedIn = useSelector(selectHasValidToken);
  const query = useCountUnreadRepliesQuery(undefined, { ...BADGE_POLLING, skip: !signedIn });
  return <CountBadge query={query} label={(count) => t('contact.repliesBadge', { count })} testId="replies-badge" />;
}
