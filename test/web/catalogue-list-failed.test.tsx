/**
 * A catalogue list that fails to load says so and offers to load it again, in the user's language —
 * never the teacher's "No courses yet" or the student's "no content", which read as an empty course.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { course, lecture } from './catalogue-fixtures';

/** /api/cours/all fails the first `failures` times (a dropped connection: status 0 is a network error), then answers. */
function coursesFailingFirst(failures: number) {
  let asked = 0;
  return mockFetch((url) => {
    if (url !== '/api/cours/all') return { status: 200, body: { data: [] } };
    asked++;
    return asked <= failures ? { status: 503, body: { message: 'Service Unavailable' } } : { status: 200, body: { data: [course({ id: 'c1', name: 'الصف الأول الثانوي' })] } };
  });
}
const coursesCalls = (fetch: jest.Mock) => fetch.mock.calls.filter(([url]) => url === '/api/cours/all').length;

describe('a catalogue list that did not load', () => {
  it("on the teacher's dashboard: says it did not load (not 'No courses yet'), and Try again shows the courses", async () => {
    storeSession(adminUser);
    const fetch = coursesFailingFirst(1);
    renderApp('/dashboard');
    expect(await screen.findByText('This list did not load. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('No courses yet. Add the first one.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'الصف الأول الثانوي' })).toBeInTheDocument();
    expect(screen.queryByText('This list did not load. Check your connection and try again.')).not.toBeInTheDocument();
    expect(coursesCalls(fetch)).toBe(2);
  });

  it("on a student's home page in Arabic: says so in Arabic with a retry, then shows the grades", async () => {
    storeSession(studentUser);
    window.localStorage.setItem('language', 'ar');
    const fetch = coursesFailingFirst(1);
    renderApp('/');
    expect(await screen.findByText('تعذر تحميل القائمة. تأكد من اتصالك بالإنترنت وحاول مرة أخرى.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByRole('heading', { name: 'الصف الأول الثانوي' })).toBeInTheDocument();
    expect(coursesCalls(fetch)).toBe(2);
  });

  it('stays offered while the list keeps failing', async () => {
    storeSession(adminUser);
    const fetch = coursesFailingFirst(2);
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Try again' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'الصف الأول الثانوي' })).toBeInTheDocument();
    expect(coursesCalls(fetch)).toBe(3);
  });

  it("a section's lectures on a student's term page in Arabic: the failure, not 'لم يتم العثور على محتوى.', then the lectures", async () => {
    storeSession(studentUser);
    window.localStorage.setItem('language', 'ar');
    const trail = {
      breadcrumb: [
        { name: 'Home', url: '/' },
        { name: 'الصف الأول الثانوي / ثانوي عام', url: '/term', courseId: 'c1', courseFor: 'ثانوي عام' },
        { name: 'الترم الأول', url: '/content', courseId: 'c1', courseFor: 'ثانوي عام', termId: 't1' },
      ],
    };
    let lectureCalls = 0;
    mockFetch((url) => {
      if (url === '/api/cours/content/t1') return { status: 200, body: { data: [{ id: 's1', content: 'شرح محاضرات', termId: 't1' }] } };
      if (url === '/api/cours/lecture/s1')
        return ++lectureCalls === 1 ? { status: 500, body: { message: 'حدث خطأ ما' } } : { status: 200, body: { data: [lecture({ id: 'l1', name: 'المحاضرة الأولى', lectureName: 'المحاضرة الأولى' })] } };
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/content', state: trail });
    await userEvent.click(await screen.findByRole('button', { name: 'حاول مرة أخرى' }));
    expect(screen.queryByText('لم يتم العثور على محتوى.')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'المحاضرة الأولى' })).toBeInTheDocument();
    expect(lectureCalls).toBe(2);
  });
});
