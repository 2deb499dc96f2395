import { addCourse } from '@/features/catalogue/api/create-course';
import { removeCourse } from '@/features/catalogue/api/delete-course';
import { fetchCourses } from '@/features/catalogue/api/get-courses';
import { editCourse } from '@/features/catalogue/api/update-course';
import { coursesReducer, type CoursesState } from '@/features/catalogue/store/courses-slice';
import { course } from './catalogue-fixtures';

/** Spec 4: the courses store area. */
const start = (courses = [course({ id: 'a' }), course({ id: 'b', name: 'B' })]): CoursesState => ({ courses, status: 'succeeded', error: null });
const fulfilled = <P>(type: string, payload: P) => ({ type: `${type}/fulfilled`, payload });

describe('courses store area', () => {
  it('a request sets loading and clears the error', () => {
    for (const thunk of [fetchCourses, addCourse, editCourse, removeCourse]) {
      const state = coursesReducer({ ...start(), status: 'failed', error: { message: 'old' } }, { type: thunk.pending.type });
      expect(state).toMatchObject({ status: 'loading', error: null });
    }
  });

  it('fetch replaces the list', () => {
    const state = coursesReducer(start(), fulfilled(fetchCourses.typePrefix, [course({ id: 'z' })]));
    expect(state.courses.map((c) => c.id)).toEqual(['z']);
    expect(state.status).toBe('succeeded');
  });

  it('create appends the returned course', () => {
    const state = coursesReducer(start(), fulfilled(addCourse.typePrefix, course({ id: 'c', name: 'New' })));
    expect(state.courses.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('update replaces the course with the same id, in place', () => {
    const state = coursesReducer(start(), fulfilled(editCourse.typePrefix, course({ id: 'a', name: 'Renamed' })));
    expect(state.courses.map((c) => [c.id, c.name])).toEqual([
      ['a', 'Renamed'],
      ['b', 'B'],
    ]);
  });

  it('delete removes the course whose id was returned', () => {
    const state = coursesReducer(start(), fulfilled(removeCourse.typePrefix, { id: 'b', message: 'Course Deleted Succesfully' }));
    expect(state.courses.map((c) => c.id)).toEqual(['a']);
  });

  it('failure sets failed and keeps the server response body as the error', () => {
    const body = { message: 'name is required' };
    const state = coursesReducer(start(), { type: addCourse.rejected.type, payload: body });
    expect(state).toMatchObject({ status: 'failed', error: body });
    expect(state.courses).toHaveLength(2);
  });
});
