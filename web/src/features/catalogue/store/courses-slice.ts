/**
 * Store area `courses` (spec 3, 4): fetch replaces the list, create appends the returned course,
 * update replaces the course with the same id, delete removes the course whose id came back.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Course } from '@shared/schemas/catalogue';
import type { RequestStatus } from '@/lib/request-status';
import { addCourse } from '../api/create-course';
import { removeCourse } from '../api/delete-course';
import { fetchCourses } from '../api/get-courses';
import { editCourse } from '../api/update-course';

export interface CoursesState {
  courses: Course[];
  status: RequestStatus;
  /** The server's response body (or `{ msgError }` when there was no response). */
  error: unknown;
}

const initialState: CoursesState = { courses: [], status: 'idle', error: null };
const calls = [fetchCourses, addCourse, editCourse, removeCourse] as const;

const coursesSlice = createSlice({
  name: 'courses',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourses.fulfilled, (state, { payload }) => {
        state.courses = payload;
        state.status = 'succeeded';
      })
      .addCase(addCourse.fulfilled, (state, { payload }) => {
        state.courses.push(payload);
        state.status = 'succeeded';
      })
      .addCase(editCourse.fulfilled, (state, { payload }) => {
        state.courses = state.courses.map((c) => (c.id === payload.id ? payload : c));
        state.status = 'succeeded';
      })
      .addCase(removeCourse.fulfilled, (state, { payload }) => {
        state.courses = state.courses.filter((c) => c.id !== payload.id);
        state.status = 'succeeded';
      })
      .addMatcher(isAnyOf(...calls.map((c) => c.pending)), (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(isAnyOf(...calls.map((c) => c.rejected)), (state, action) => {
        state.status = 'failed';
        state.error = action.payload;
      });
  },
});

export const coursesReducer = coursesSlice.reducer;

type WithCourses = { courses: CoursesState };
export const selectCourses = (s: WithCourses) => s.courses.courses;
export const selectCoursesStatus = (s: WithCourses) => s.courses.status;
