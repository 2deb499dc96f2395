/**
 * What a catalogue screen shows of an RTK Query read: the data for the current argument (never
 * another course's terms while this one's load) and spec 4's idle/loading/succeeded/failed, both
 * derived from the query state. A failed read is toasted once: the server's message, else the
 * spec's 'Somthing went wrong'.
 */
import { useEffect } from 'react';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { type ApiFailure, statusOf } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import type { RequestStatus } from '@/lib/request-status';

interface QueryState<T> {
  currentData?: T;
  error?: unknown;
  isUninitialized: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
}

export function viewOf<T>(q: QueryState<T>): { data: T | undefined; status: RequestStatus } {
  return { data: q.currentData, status: q.currentData === undefined && q.isFetching ? 'loading' : statusOf(q) };
}

/** True when the API client's own error path (session expired, blocked) already told the user. */
export const wasHandled = (error: unknown) => !!(error as ApiFailure | undefined)?.handled;

export function useFailureToast(q: { isError: boolean; error?: unknown }) {
  const t = useT();
  useEffect(() => {
    if (q.isError && !wasHandled(q.error)) void toastError(messageOf(q.error, t, 'cat.genericError'));
    // Once per failure: a language switch does not replay the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.isError, q.error]);
}
