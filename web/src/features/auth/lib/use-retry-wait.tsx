import { type ReactNode, useCallback, useState } from 'react';
import { useT } from '@/i18n/use-t';
import { errorBodyOf, messageOf, retryVarsOf } from '@/lib/messages';
import { useCountdown } from './use-countdown';

/**
 * A 429 that names its wait (`retryAfter`): `start(error)` shows its text above the button with
 * the seconds counting down, and `waiting` keeps the button off until then.
 */
export function useRetryWait(): { waiting: boolean; start: (error: unknown) => void; notice: ReactNode } {
  const t = useT();
  const { left, restart } = useCountdown(0);
  const [body, setBody] = useState<Record<string, unknown>>();
  const start = useCallback(
    (error: unknown) => {
      const vars = retryVarsOf(error);
      if (!vars) return;
      setBody(errorBodyOf(error));
      restart(vars.seconds);
    },
    [restart],
  );
  const notice =
    left > 0 && body ? (
      <p className="notice" role="alert" dir="auto">
        {messageOf({ ...body, retryAfter: left }, t, 'error.tooManyRequests')}
      </p>
    ) : null;
  return { waiting: left > 0, start, notice };
}
