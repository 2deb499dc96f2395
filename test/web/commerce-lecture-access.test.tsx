import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessDaysToSend, emptyLectureForm, validateLecture, type LectureForm } from '@/features/catalogue/lib/lecture-form';
import { purchaseTrail } from '@/features/catalogue/lib/purchase-trail';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { FakeXhr, fileOf, installFakeXhr, lecture, video } from './catalogue-fixtures';

const valid = (over: Partial<LectureForm> = {}): LectureForm => ({
  ...emptyLectureForm(),
  name: 'L',
  subtitle: 'S',
  price: '100',
  image: fileOf('p.png', 'image/png', 10),
  videos: [{ localId: 'n1', fileName: 'a.webm', videoName: 'a', quizId: '', progress: 100, upload: 'done', key: 'videos/a.webm' }],
  ...over,
});

describe('the lecture access period (days, default 30)', () => {
  it('starts at 30; a whole number from 1 to 3650; empty sends the default', () => {
    expect(emptyLectureForm().accessDays).toBe('30');
    expect(validateLecture(valid(), 'add')).toEqual({});
    expect(validateLecture(valid({ accessDays: '' }), 'add')).toEqual({});
    expect(validateLecture(valid({ accessDays: '0' }), 'add').accessDays).toMatchObject({ code: 'tooSmall', params: { min: 1 } });
    expect(validateLecture(valid({ accessDays: '3651' }), 'add').accessDays).toMatchObject({ code: 'tooBig', params: { max: 3650 } });
    expect(validateLecture(valid({ accessDays: '7.5' }), 'edit').accessDays).toMatchObject({ code: 'notInteger' });
    expect(accessDaysToSend({ accessDays: '' })).toBe(30);
    expect(accessDaysToSend({ accessDays: ' 45 ' })).toBe(45);
  });

  it('goes with the lecture to /pay (the trail entry /pay reads)', () => {
    const trail = purchaseTrail(null, lecture({ id: 'l2', price: 200, isFree: false, accessDays: 14 }) as never, '/content');
    expect(trail.breadcrumb.at(-1)).toMatchObject({ url: '/pay', id: 'l2', price: 200, accessDays: 14 });
  });
});

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'شرح محاضرات' };
function preview(lectures: unknown[] = [], extra: (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined = () => undefined) {
  storeSession(adminUser);
  installFakeXhr();
  const fetch = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/v/lecture/s1') return { status: 200, body: { data: lectures } };
    if (url === '/api/Quiz/AllQuizz') return { status: 200, body: { data: [] } };
    if (url.startsWith('/api/AWS/get-signed-url')) return { status: 200, body: { signedUrl: 'http://s3.local/media/1', key: 'videos/1.webm', fileUrl: '/media/x', expiresIn: 900 } };
    return { status: 404, body: { message: 'unexpected ' + url } };
  });
  return { fetch, ...renderApp({ pathname: '/dashboard/preview', state: previewState }) };
}

describe('/dashboard/preview: the lecture form sends the access period', () => {
  it('adds a lecture with the period typed (multipart accessDays)', async () => {
    const { fetch } = preview([], (url) => (url === '/api/AWS/save-lecture' ? { status: 201, body: { message: 'Lecture Added Successfully', data: lecture() } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    const days = within(dialog).getByLabelText('Access period (days)');
    expect(days).toHaveValue(30);
    expect(within(dialog).getByText('A purchase lasts this many days. Empty: 30.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Lecture name'), 'L');
    await userEvent.type(within(dialog).getByLabelText('Subtitle'), 'S');
    await userEvent.type(within(dialog).getByLabelText('Price (LE)'), '80');
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.tab();
    expect(await within(dialog).findByText('Access period must be at least 1')).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    expect(within(dialog).queryByText('Access period must be at least 1')).not.toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Lecture image (under 1 MB)'), fileOf('p.png', 'image/png', 100));
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), fileOf('intro.webm', 'video/webm', 5000));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    await act(async () => FakeXhr.all[0]!.finish());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/AWS/save-lecture')).toBe(true));
    const form = fetch.mock.calls.find(([url]) => url === '/api/AWS/save-lecture')![1]!.body as FormData;
    expect(form.get('accessDays')).toBe('45');
  });

  it("edits: shows the lecture's period and sends it with the PATCH", async () => {
    const existing = lecture({ price: 80, isFree: false, accessDays: 60, videos: [video({ videoUrl: 'videos/1.webm' })] });
    const { fetch } = preview([existing], (url) => (url === '/api/AWS/lectures/l1' ? { status: 200, body: { message: 'Lecture Updated Successfully', data: existing } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lecture' });
    const days = within(dialog).getByLabelText('Access period (days)');
    expect(days).toHaveValue(60);
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lecture Updated Successfully')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([url]) => url === '/api/AWS/lectures/l1')![1]!;
    expect((patch.body as FormData).get('accessDays')).toBe('90');
  });
});
