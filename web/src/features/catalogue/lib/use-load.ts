import { useCallback, useEffect, useState } from 'react';
import type { RequestStatus } from '@/lib/request-status';

export interface Loaded<T> {
  status: RequestStatus;
  data: T | undefined;
  error: unknown;
  reload: () => void;
}

/**
 * A screen's own read (sections, lectures, one lecture): idle → loading → succeeded/failed (spec 4),
 * re-run when `key` changes or on reload(). A stale answer for an older key is dropped.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, key: string): Loaded<T> {
  const [state, setState] = useState<{ key: string; status: RequestStatus; data?: T; error: unknown }>({ key, status: 'idle', error: null });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (!load) return;
    let live = true;
    setState((s) => ({ key, status: 'loading', data: s.key === key ? s.data : undefined, error: null }));
    load().then(
      (data) => live && setState({ key, status: 'succeeded', data, error: null }),
      (error: unknown) => live && setState({ key, status: 'failed', data: undefined, error }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; `key` names what it loads.
  }, [key, round, !load]);

  const current = state.key === key;
  return { status: current ? state.status : 'loading', data: current ? state.data : undefined, error: current ? state.error : null, reload };
}
