import { useEffect } from 'react';
import './count-badge.css';

/**
 * A menu item's count, polled every 60 s while the window is focused and asked again when the window
 * regains focus (the store sets up no RTK Query focus listeners: the badge listens for itself).
 * Nothing while the count is 0 or not known yet.
 */
export function CountBadge({ query, label, testId }: { query: { data?: number; refetch: () => unknown }; label: (count: number) => string; testId: string }) {
  const { data: count, refetch } = query;
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
  if (!count) return null;
  return (
    <span className="menu-count" data-testid={testId} aria-label={label(count)} title={label(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** What the two badges poll with. */
export const BADGE_POLLING = { pollingInterval: 60_000, skipPollingIfUnfocused: true } as const;
