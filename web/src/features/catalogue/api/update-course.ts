import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Course } from '@shared/schemas/catalogue';
import { apiCall, rejection } from '@/lib/api-client';

export interface CourseChanges {
  id: string;
  name?: string;
  image?: File;
}

/** Multipart: name and/or image; the response is the updated course. */
export async function updateCourse({ id, name, image }: CourseChanges): Promise<Course> {
  const form = new FormData();
  if (name !== undefined) form.set('name', name.trim());
  if (image) form.set('image', image);
  return apiCall('PUT /api/cours/{id}', { params: { id }, formData: form });
}

export const editCourse = createAsyncThunk<Course, CourseChanges, { rejectValue: unknown }>('courses/update', async (input, { rejectWithValue }) => {
  try {
    return await updateCourse(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
