import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiCall, type ResponseOf, rejection } from '@/lib/api-client';

export type CourseDeleted = ResponseOf<'DELETE /api/cours/{id}'>;

/** The response names the deleted id (archived when students own lectures under it). */
export const deleteCourse = (id: string): Promise<CourseDeleted> => apiCall('DELETE /api/cours/{id}', { params: { id } });

export const removeCourse = createAsyncThunk<CourseDeleted, string, { rejectValue: unknown }>('courses/delete', async (id, { rejectWithValue }) => {
  try {
    return await deleteCourse(id);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
