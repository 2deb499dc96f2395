import type { Course } from '@shared/schemas/catalogue';
import { makeStore } from '@/app/store';
import { statusOf } from '@/lib/api';
import { createCourseApi } from '@/features/catalogue/api/create-course';
import { deleteCourseApi } from '@/features/catalogue/api/delete-course';
import { listCoursesApi } from '@/features/catalogue/api/list-courses';
import { updateCourseApi } from '@/features/catalogue/api/update-course';
import { course } from './catalogue-fixtures';
import { type FakeResponse, mockFetch } from './helpers';

/**
 * Spec 4: the courses store area, now the listCourses cache of the one api. A store from
 * makeStore(), a mocked fetch, the endpoints dispatched as the screens dispatch them.
 */
type Answer = FakeResponse | Promise<FakeResponse>;
let answer: (url: string, init: RequestInit) => Answer;
beforeEach(() => {
  answer = () => ({ status: 200, body: { data: [course({ id: 'a' }), course({ id: 'b', name: 'B' })] } });
  mockFetch((url, init) => answer(url, init));
});

/** A store whose listCourses cache holds courses a and b (status succeeded). */
async function started() {
  const store = makeStore();
  const list = store.dispatch(listCoursesApi.endpoints.listCourses.initiate());
  await list;
  const courses = () => listCoursesApi.endpoints.listCourses.select()(store.getState());
  expect(courses().data?.map((c: Course) => c.id)).toEqual(['a', 'b']);
  return { store, courses, list };
}

/** Answers later, when the test says so (to observe the loading state). */
function held() {
  let release!: (r: FakeResponse) => void;
  const gate = new Promise<FakeResponse>((resolve) => (release = resolve));
  answer = () => gate;
  return release;
}

const KEY = { fixedCacheKey: 'screen' };
const SELECT = { fixedCacheKey: 'screen', requestId: undefined };

describe('courses store area (the listCourses cache)', () => {
  it('a request sets loading and clears the error', async () => {
    const { store, courses, list } = await started();
    // The list: a failed fetch, then a refetch under way.
    answer = () => ({ status: 500, body: { message: 'old' } });
    await list.refetch();
    expect(statusOf(courses())).toBe('failed');
    let release = held();
    const refetch = list.refetch();
    expect(statusOf(courses())).toBe('loading');
    expect(courses().isError).toBe(false);
    release({ status: 200, body: { data: [] } });
    await refetch;

    // Each mutation, as one screen's form holds it: failed, then loading again with no error.
    const SEL = SELECT;
    const screens = [
      { run: () => store.dispatch(createCourseApi.endpoints.createCourse.initiate({ name: 'N', courseFor: ['ثانوي عام'] }, KEY)), state: () => createCourseApi.endpoints.createCourse.select(SEL)(store.getState()) },
      { run: () => store.dispatch(updateCourseApi.endpoints.updateCourse.initiate({ id: 'a', name: 'N' }, KEY)), state: () => updateCourseApi.endpoints.updateCourse.select(SEL)(store.getState()) },
      { run: () => store.dispatch(deleteCourseApi.endpoints.deleteCourse.initiate('a', KEY)), state: () => deleteCourseApi.endpoints.deleteCourse.select(SEL)(store.getState()) },
    ];
    for (const { run, state } of screens) {
      answer = () => ({ status: 500, body: { message: 'old' } });
      await run();
      expect(state()).toMatchObject({ status: 'rejected', error: { data: { message: 'old' } } });
      expect(statusOf(state())).toBe('failed');
      release = held();
      const pending = run();
      expect(statusOf(state())).toBe('loading');
      expect(state().error).toBeUndefined();
      release({ status: 200, body: course({ id: 'a', message: 'ok' }) });
      await pending;
    }
  });

  it('fetch replaces the list', async () => {
    const { courses, list } = await started();
    answer = () => ({ status: 200, body: { data: [course({ id: 'z' })] } });
    await list.refetch();
    expect(courses().data?.map((c: Course) => c.id)).toEqual(['z']);
    expect(statusOf(courses())).toBe('succeeded');
  });

  it('create appends the returned course', async () => {
    const { store, courses } = await started();
    answer = () => ({ status: 201, body: course({ id: 'c', name: 'New' }) });
    await store.dispatch(createCourseApi.endpoints.createCourse.initiate({ name: 'New', courseFor: ['ثانوي عام'] }));
    expect(courses().data?.map((c: Course) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('update replaces the course with the same id, in place', async () => {
    const { store, courses } = await started();
    answer = () => ({ status: 200, body: course({ id: 'a', name: 'Renamed' }) });
    await store.dispatch(updateCourseApi.endpoints.updateCourse.initiate({ id: 'a', name: 'Renamed' }));
    expect(courses().data?.map((c: Course) => [c.id, c.name])).toEqual([
      ['a', 'Renamed'],
      ['b', 'B'],
    ]);
  });

  it('delete removes the course whose id was returned', async () => {
    const { store, courses } = await started();
    answer = () => ({ status: 200, body: { id: 'b', message: 'Course Deleted Succesfully' } });
    await store.dispatch(deleteCourseApi.endpoints.deleteCourse.initiate('b'));
    expect(courses().data?.map((c: Course) => c.id)).toEqual(['a']);
  });

  it('failure sets failed and keeps the server response body as the error', async () => {
    const { store, courses } = await started();
    const body = { message: 'name is required' };
    answer = () => ({ status: 400, body });
    await store.dispatch(createCourseApi.endpoints.createCourse.initiate({ name: '', courseFor: ['ثانوي عام'] }, KEY));
    const state = createCourseApi.endpoints.createCourse.select(SELECT)(store.getState());
    expect(statusOf(state)).toBe('failed');
    expect(state.error).toMatchObject({ status: 400, data: body });
    expect(courses().data).toHaveLength(2);
  });
});
