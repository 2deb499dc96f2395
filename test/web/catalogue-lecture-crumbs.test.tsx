import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { course, lecture, video } from './catalogue-fixtures';

describe('/lec/{id} opened without a trail (from My lectures)', () => {
  it('shows a breadcrumb back to its grade and track, which opens /term of that course', async () => {
    storeSession(studentUser);
    window.localStorage.setItem('language', 'ar');
    mockFetch((url) => {
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: lecture({ termId: 't2', courseId: 'c2', videos: [video({ signedUrl: null })] }) } };
      if (url === '/api/cours/all')
        return {
          status: 200,
          body: {
            data: [
              course(),
              course({ id: 'c2', name: 'الصف الثاني الثانوي', terms: [{ id: 't1', name: 'الترم الأول', courseFor: 'ثانوي عام' }, { id: 't2', name: 'الترم الثاني', courseFor: 'ثانوي لغات' }] }),
            ],
          },
        };
      return { status: 200, body: { data: [] } };
    });
    const { router } = renderApp({ pathname: '/lec/l1', state: null });
    const crumbs = await screen.findByRole('navigation', { name: /مسار التنقل|Breadcrumb/i });
    const back = await within(crumbs).findByRole('link', { name: 'الصف الثاني الثانوي / ثانوي لغات' });
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/term'));
    expect(router.state.location.state).toMatchObject({ breadcrumb: [{ url: '/' }, { courseId: 'c2', courseFor: 'ثانوي لغات' }] });
  });
});

describe('/lec/{id} opened by address while the course list is slower than the lecture', () => {
  it('shows the title only with its breadcrumb above it (a breadcrumb arriving later pushed the title and player down)', async () => {
    storeSession(studentUser);
    window.localStorage.setItem('language', 'en');
    let releaseCourses: () => void = () => {};
    const lectureAsked = jest.fn();
    mockFetch((url) => {
      if (url === '/api/cours/lectureaaa/l1') {
        lectureAsked();
        return { status: 200, body: { data: lecture({ name: 'Cell division', lectureName: 'Cell division', termId: 't1', courseId: 'c1', videos: [video({ signedUrl: null })] }) } };
      }
      if (url === '/api/cours/all') return new Promise((resolve) => (releaseCourses = () => resolve({ status: 200, body: { data: [course({ terms: [{ id: 't1', name: 'Term 1', courseFor: 'ثانوي عام' }] })] } })));
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/lec/l1', state: null });
    await waitFor(() => expect(lectureAsked).toHaveBeenCalled());
    // The lecture has answered, the course list has not: the page still waits.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Cell division' })).not.toBeInTheDocument();
    releaseCourses();
    await screen.findByRole('heading', { name: 'Cell division' });
    expect(screen.getByRole('navigation', { name: /Breadcrumb/i })).toBeInTheDocument();
  });
});

describe('/lec/{id} of a lecture with a kiosk order waiting at the outlet', () => {
  const pendingKiosk = { id: 'o1', lectureId: 'l1', lectureName: 'انقسام الخلية', status: 'pending', method: 'kiosk', originalPrice: 50, amount: 50, couponCode: null, discount: null, kioskReference: '1234567890', createdAt: '2026-12-01T10:00:00.000Z', paidAt: null };
  const open = (pending: unknown[]) => {
    storeSession(studentUser);
    window.localStorage.setItem('language', 'en');
    mockFetch((url) => {
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: lecture({ price: 50, isFree: false, videos: [video({ signedUrl: null })] }) } };
      if (url === '/api/AWS/get-purched') return { status: 200, body: { data: [], pending } };
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/lec/l1', state: null });
  };

  it('says it awaits payment at the outlet with the reference, and offers no Buy', async () => {
    open([pendingKiosk]);
    expect(await screen.findByText('Awaiting payment at the outlet')).toBeInTheDocument();
    expect(screen.getByText('1234567890')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy the lecture' })).not.toBeInTheDocument();
  });

  it('offers Buy when no kiosk order waits for this lecture', async () => {
    open([{ ...pendingKiosk, lectureId: 'other' }]);
    expect(await screen.findByRole('link', { name: /buy/i })).toBeInTheDocument();
    expect(screen.queryByText('Awaiting payment at the outlet')).not.toBeInTheDocument();
  });
});
