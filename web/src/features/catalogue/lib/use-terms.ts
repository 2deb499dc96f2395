import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { toastError } from '@/components/toast';
import { errorMessage } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { fetchTerms } from '../api/get-terms';
import { selectTerms } from '../store/terms-slice';
import { CATALOGUE_TEXTS } from './texts';

/** The terms of a course's track (store area `terms`), fetched when either changes; a failure is toasted. */
export function useTerms(courseId: string | undefined, courseFor: string | undefined) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!courseId || !courseFor) return;
    void dispatch(fetchTerms({ courseId, courseFor })).then((r) => {
      if (fetchTerms.rejected.match(r)) void toastError(errorMessage(r.payload, CATALOGUE_TEXTS.genericError));
    });
  }, [dispatch, courseId, courseFor]);
  return useSelector(selectTerms);
}
