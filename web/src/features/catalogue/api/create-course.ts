import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Track } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { apiCall, rejection } from '@/lib/api-client';

export interface NewCourse {
  name: string;
  courseFor: Track[];
  image?: File;
}

/** Multipart: name, courseFor as a JSON list, image. Terms and content take the server's defaults (spec 3). */
export async function createCourse(input: NewCourse): Promise<Course> {
  const form = new FormData();
  form.set('name', input.name.trim());
  form.set('courseFor', JSON.stringify(input.courseFor));
  if (input.image) form.set('image', input.image);
  return apiCall('POST /api/cours/create-course', { formData: form });
}

export const addCourse = createAsyncThunk<Course, NewCourse, { rejectValue: unknown }>('courses/create', async (input, { rejectWithValue }) => {
  try {
    return await createCourse(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
