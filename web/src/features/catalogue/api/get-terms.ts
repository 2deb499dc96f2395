import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Term } from '@shared/schemas/catalogue';
import { apiCall, rejection } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

export interface TermsOf {
  courseFor: string;
  courseId: string;
}

export async function getTerms({ courseFor, courseId }: TermsOf): Promise<Term[]> {
  const res = await apiCall('GET /api/cours/Term/{courseFor}/{courseId}', { params: { courseFor, courseId } });
  return listOf(res);
}

export const fetchTerms = createAsyncThunk<Term[], TermsOf, { rejectValue: unknown }>('terms/fetch', async (input, { rejectWithValue }) => {
  try {
    return await getTerms(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
