import { skipToken } from '@reduxjs/toolkit/query';
import { useListTermsQuery } from '../api/list-terms';
import { useFailureToast, viewOf } from './query-view';

/** The terms of a course's track (store area `terms`), fetched when either changes; a failure is toasted. */
export function useTerms(courseId: string | undefined, courseFor: string | undefined) {
  const q = useListTermsQuery(courseId && courseFor ? { courseId, courseFor } : skipToken);
  useFailureToast(q);
  const { data, status } = viewOf(q);
  return { terms: data ?? [], status, isFetching: q.isFetching, refetch: q.refetch };
}
