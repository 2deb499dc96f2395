import { useCallback, useEffect, useRef, useState } from 'react';

/** The clock, ticking every second while `running` (a timed quiz's countdown). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** Spec-free: how long after the last answer a timed attempt's answers are saved. */
export const SAVE_DEBOUNCE_MS = 800;

/**
 * `run` after `delay` ms of quiet; `cancel` drops a pending call (the submit carries every answer
 * anyway). The pending call is dropped when the screen goes.
 */
export function useDebounced<A extends unknown[]>(run: (...args: A) => void, delay = SAVE_DEBOUNCE_MS) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delay);
    },
    [delay],
  );
  return { call, cancel };
}
