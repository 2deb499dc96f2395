import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a short wait (e.g. before a code may be sent again): starts at `seconds` on
 * arrival, ticks once a second down to 0, and `restart()` begins it again (from `from` if given).
 */
export function useCountdown(seconds: number): { left: number; restart: (from?: number) => void } {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const tick = window.setTimeout(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(tick);
  }, [left]);
  const restart = useCallback((from?: number) => setLeft(from ?? seconds), [seconds]);
  return { left, restart };
}
