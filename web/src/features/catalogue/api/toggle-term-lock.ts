import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiCall, type ResponseOf, rejection } from '@/lib/api-client';
import { fetchTerms, type TermsOf } from './get-terms';

/** Empty body; the response says the term's new state. */
export const toggleTermLock = (termId: string): Promise<ResponseOf<'PATCH /api/cours/Term/lock/{termId}'>> =>
  apiCall('PATCH /api/cours/Term/lock/{termId}', { params: { termId } });

/** Spec 4: the toggle calls the lock endpoint, then reloads the term list. */
export const lockTerm = createAsyncThunk<void, TermsOf & { termId: string }, { rejectValue: unknown }>(
  'terms/lock',
  async ({ termId, ...of }, { dispatch, rejectWithValue }) => {
    try {
      await toggleTermLock(termId);
    } catch (e) {
      return rejectWithValue(rejection(e, 'Unknown error'));
    }
    await dispatch(fetchTerms(of));
  },
);
