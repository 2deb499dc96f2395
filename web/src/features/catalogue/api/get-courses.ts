import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Course } from '@shared/schemas/catalogue';
import { apiCall, rejection } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/** Spec 6, 7: public, but carries the raw token when there is one. */
export async function getCourses(): Promise<Course[]> {
  const res = await apiCall('GET /api/cours/all');
  return listOf(res);
}

export const fetchCourses = createAsyncThunk<Course[], void, { rejectValue: unknown }>('courses/fetch', async (_, { rejectWithValue }) => {
  try {
    return await getCourses();
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
