import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyLectureForm, numberOfLectures, priceToSend, validateLecture, videoPlan, type LectureForm, type NewVideo } from '@/features/catalogue/lib/lecture-form';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { FakeXhr, fileOf, installFakeXhr, lecture, video } from './catalogue-fixtures';

const done = (over: Partial<NewVideo> = {}): NewVideo => ({ localId: 'n1', fileName: 'a.webm', videoName: 'a', quizId: '', progress: 100, upload: 'done', key: 'videos/a.webm', ...over });
const valid = (over: Partial<LectureForm> = {}): LectureForm => ({
  ...emptyLectureForm(),
  name: 'L',
  subtitle: 'S',
  price: '100',
  image: fileOf('p.png', 'image/png', 10),
  videos: [done()],
  ...over,
});

describe('lecture form rules (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(validateLecture(valid(), 'add')).toEqual({});
  });

  it('requires an image when adding, under 1 MB; editing may keep the old one', () => {
    expect(validateLecture(valid({ image: null }), 'add').image).toBe('imageRequired');
    expect(validateLecture(valid({ image: null }), 'edit').image).toBeUndefined();
    expect(validateLecture(valid({ image: fileOf('p.png', 'image/png', 1_000_000) }), 'add').image).toBe('imageTooBig');
    expect(validateLecture(valid({ image: fileOf('p.png', 'image/png', 999_999) }), 'add').image).toBeUndefined();
  });

  it('requires name, subtitle and a price unless free; free sends 0 and negatives turn positive', () => {
    const errors = validateLecture(valid({ name: ' ', subtitle: '', price: '' }), 'add');
    expect(errors).toMatchObject({ name: 'required', subtitle: 'required', price: 'required' });
    expect(validateLecture(valid({ price: '', isFree: true }), 'add').price).toBeUndefined();
    expect(priceToSend({ price: '', isFree: true })).toBe(0);
    expect(priceToSend({ price: '120', isFree: true })).toBe(0);
    expect(priceToSend({ price: '-75', isFree: false })).toBe(75);
  });

  it("refuses a price under 1 LE or in part-piasters with the server's rule (lecture.priceAmount)", () => {
    for (const price of ['0.004', '0.5', '1.005']) expect(validateLecture(valid({ price }), 'add').price).toEqual({ code: 'lecture.priceAmount', field: 'price', params: { min: 1 } });
    for (const price of ['1', '1.25', '0']) expect(validateLecture(valid({ price }), 'edit').price).toBeUndefined();
  });

  it('needs at least one finished video, each named', () => {
    expect(validateLecture(valid({ videos: [] }), 'add').videos).toBe('videoRequired');
    expect(validateLecture(valid({ videos: [done({ upload: 'uploading', progress: 40 })] }), 'add').videos).toBe('uploading');
    expect(validateLecture(valid({ videos: [done({ videoName: ' ' })] }), 'add').videos).toBe('videoName');
  });

  it('derives the number of lectures from the videos the lecture will have', () => {
    const existing = [
      { id: 'v1', videoName: 'one', videoUrl: 'videos/1', quizId: '', original: { videoName: 'one', quizId: '' }, markedForDeletion: false },
      { id: 'v2', videoName: 'two', videoUrl: 'videos/2', quizId: '', original: { videoName: 'two', quizId: '' }, markedForDeletion: true },
    ];
    expect(numberOfLectures({ existing, videos: [done(), done({ localId: 'n2' })] })).toBe(3);
  });

  it('an edit changes renamed or re-quizzed videos in place, appends uploads and deletes the marked ones', () => {
    const existing = [
      { id: 'v1', videoName: 'one', videoUrl: 'videos/1', quizId: '', original: { videoName: 'one', quizId: '' }, markedForDeletion: false },
      { id: 'v2', videoName: 'two', videoUrl: 'videos/2', quizId: 'q9', original: { videoName: 'two', quizId: '' }, markedForDeletion: false },
      { id: 'v3', videoName: 'three', videoUrl: 'videos/3', quizId: '', original: { videoName: 'three', quizId: '' }, markedForDeletion: true },
      { id: 'v4', videoName: ' four, renamed ', videoUrl: 'videos/4', quizId: '', original: { videoName: 'four', quizId: '' }, markedForDeletion: false },
    ];
    expect(videoPlan({ existing, videos: [done()] })).toEqual({
      add: [{ videoUrl: 'videos/a.webm', videoName: 'a', quizId: null }],
      update: [
        { id: 'v2', videoName: 'two', quizId: 'q9' },
        { id: 'v4', videoName: 'four, renamed', quizId: null },
      ],
      deleteIds: ['v3'],
    });
  });
});

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'شرح محاضرات' };

function adminPreview(extra: (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined = () => undefined) {
  storeSession(adminUser);
  installFakeXhr();
  const fetch = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [] } };
    if (url === '/api/Quiz/AllQuizz') return { status: 501, body: { message: 'Not implemented yet' } };
    if (url.startsWith('/api/AWS/get-signed-url'))
      return { status: 200, body: { signedUrl: `http://s3.local/media/${url.length}`, key: `videos/${url.length}.webm`, fileUrl: '/media/x', expiresIn: 900 } };
    return { status: 404, body: { message: 'unexpected ' + url } };
  });
  return { fetch, ...renderApp({ pathname: '/dashboard/preview', state: previewState }) };
}

describe('/dashboard/preview: add lecture', () => {
  it("shows 'Please select an image for the lecture' and sends nothing without an image", async () => {
    const { fetch } = adminPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    await userEvent.type(within(dialog).getByLabelText('Lecture name'), 'L1');
    await userEvent.type(within(dialog).getByLabelText('Subtitle'), 'S1');
    await userEvent.type(within(dialog).getByLabelText('Price (LE)'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select an image for the lecture')).toBeInTheDocument();
    expect(within(dialog).getByText('Add at least one video')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/AWS/save-lecture')).toBe(false);
  });

  it('uploads each video with its own progress bar, derives the count, and saves a free lecture with price 0', async () => {
    const { fetch } = adminPreview((url) =>
      url === '/api/AWS/save-lecture' ? { status: 201, body: { message: 'Lecture Added Successfully', data: lecture() } } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    // The quiz list answers 501 until the quiz issue: the select offers none.
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), [fileOf('intro.webm', 'video/webm', 5000), fileOf('part-2.mp4', 'video/mp4', 8000)]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(first.method).toBe('PUT');
    expect(first.headers['Content-Type']).toBe('video/webm');
    expect(second.headers['Content-Type']).toBe('video/mp4');

    const bars = within(dialog).getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    act(() => first.progress(2500, 5000));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading intro.webm' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('50%', { selector: '.progress-percent' })).toBeVisible(); // written beside the bar
    act(() => second.progress(2000, 8000));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading part-2.mp4' })).toHaveAttribute('aria-valuenow', '25');

    expect(within(dialog).getByLabelText('Number of lectures')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Number of lectures')).toHaveAttribute('readonly');
    const quizSelects = within(dialog).getAllByLabelText('Quiz');
    expect(within(quizSelects[0]!).getByRole('option', { name: 'No quizzes yet' })).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Lecture name'), 'محاضرة');
    await userEvent.type(within(dialog).getByLabelText('Subtitle'), 'شرح');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Free lecture' }));
    await userEvent.upload(within(dialog).getByLabelText('Lecture image (under 1 MB)'), fileOf('p.png', 'image/png', 100));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Wait for the uploads to finish')).toBeInTheDocument();

    await act(async () => {
      first.finish();
      second.finish();
    });
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading part-2.mp4' })).toHaveAttribute('aria-valuenow', '100');
    await userEvent.clear(within(dialog).getAllByLabelText('Video name')[1]!);
    await userEvent.type(within(dialog).getAllByLabelText('Video name')[1]!, 'الجزء الثاني');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/AWS/save-lecture')).toBe(true));
    const form = fetch.mock.calls.find(([url]) => url === '/api/AWS/save-lecture')![1]!.body as FormData;
    expect(form.get('price')).toBe('0');
    expect(form.get('isFree')).toBe('true');
    expect(form.get('numberOfLectures')).toBe('2');
    expect(form.get('contentId')).toBe('s1');
    expect(JSON.parse(String(form.get('videoUrls')))).toEqual([
      { videoUrl: expect.stringMatching(/^videos\//), videoName: 'intro', quizId: null },
      { videoUrl: expect.stringMatching(/^videos\//), videoName: 'الجزء الثاني', quizId: null },
    ]);
    expect(await screen.findByText('Lecture Added Successfully')).toBeInTheDocument();
  });

  it('edits: marks a video for deletion and saves with the update message', async () => {
    const existing = lecture({ price: 80, isFree: false, videos: [video({ videoUrl: 'videos/1.webm' }), video({ id: 'v2', videoName: 'Video two', order: 2, videoUrl: 'videos/2.webm' })] });
    const { fetch } = adminPreview((url, init) => {
      if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [existing] } };
      if (url === '/api/AWS/lectures/l1') return { status: 200, body: { message: 'Lecture Updated Successfully', data: existing } };
      if (url === '/api/AWS/lectures/video/v2' && init.method === 'DELETE') return { status: 200, body: { id: 'v2' } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lecture' });
    expect(within(dialog).getByLabelText('Price (LE)')).toHaveValue(80);
    expect(within(dialog).getByLabelText('Number of lectures')).toHaveValue('2');
    const second = within(dialog).getAllByTestId('existing-video')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Delete on save' }));
    expect(within(dialog).getByLabelText('Number of lectures')).toHaveValue('1');
    await userEvent.clear(within(dialog).getByLabelText('Price (LE)'));
    await userEvent.type(within(dialog).getByLabelText('Price (LE)'), '-90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Lecture Updated Successfully')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([url]) => url === '/api/AWS/lectures/l1')![1]!;
    expect(patch.method).toBe('PATCH');
    expect((patch.body as FormData).get('price')).toBe('90');
    expect((patch.body as FormData).get('imageFile')).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/AWS/lectures/video/v2' && init?.method === 'DELETE')).toBe(true);
  });
});

describe('/dashboard/preview: the lecture form keeps work (issue 9)', () => {
  const openAdd = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    return screen.getByRole('dialog', { name: 'Add lecture' });
  };
  const swalButton = (kind: 'confirm' | 'cancel') => document.querySelector<HTMLButtonElement>(`.swal2-${kind}`)!;

  it('an error clears as soon as its field is fixed, without another Save', async () => {
    adminPreview();
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    await userEvent.type(within(dialog).getByLabelText('Lecture name'), 'L');
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Free lecture' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(1);
    await userEvent.type(within(dialog).getByLabelText('Subtitle'), 'S');
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();

    // The image: too big is said at once, and a right one clears it.
    const image = within(dialog).getByLabelText('Lecture image (under 1 MB)');
    await userEvent.upload(image, fileOf('big.png', 'image/png', 1_000_000));
    expect(within(dialog).getByText('maximum size for image is 1MB')).toBeInTheDocument();
    await userEvent.upload(image, fileOf('p.png', 'image/png', 100));
    expect(within(dialog).queryByText('maximum size for image is 1MB')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Please select an image for the lecture')).not.toBeInTheDocument();

    // 'Add at least one video' goes as a video is picked; 'Wait for the uploads' as they finish.
    expect(within(dialog).getByText('Add at least one video')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), fileOf('intro.webm', 'video/webm', 5000));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(within(dialog).queryByText('Add at least one video')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Wait for the uploads to finish')).toBeInTheDocument();
    await act(async () => FakeXhr.all[0]!.finish());
    await waitFor(() => expect(within(dialog).queryByText('Wait for the uploads to finish')).not.toBeInTheDocument());
  });

  it('shows each upload with its file name beside its bar, and a summary in the foot that stays in view', async () => {
    adminPreview();
    const dialog = await openAdd();
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), [fileOf('intro.webm', 'video/webm', 5000), fileOf('part-2.mp4', 'video/mp4', 8000)]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    act(() => FakeXhr.all[0]!.progress(2500, 5000));
    const [row1, row2] = within(dialog).getAllByTestId('new-video') as [HTMLElement, HTMLElement];
    expect(row1.querySelector('.upload-line')).toHaveTextContent('intro.webm');
    expect(within(row1.querySelector<HTMLElement>('.upload-line')!).getByRole('progressbar', { name: 'Uploading intro.webm' })).toBeInTheDocument();
    expect(within(row2).getByText('part-2.mp4')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uploading 2 · 25%' })).toBeInTheDocument();
  });

  it('Escape with nothing typed closes; with typed work it asks first, and Keep editing keeps it', async () => {
    adminPreview();
    await openAdd();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('.swal2-popup')).toBeNull();

    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Lecture name'), 'محاضرة');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Close this lecture form?')).toBeInTheDocument();
    expect(screen.getByText('What you typed will be lost.')).toBeInTheDocument();
    expect(swalButton('confirm')).toHaveTextContent('Close and discard');
    expect(swalButton('cancel')).toHaveTextContent('Keep editing');
    await userEvent.click(swalButton('cancel'));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add lecture' })).toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Add lecture' })).getByLabelText('Lecture name')).toHaveValue('محاضرة');

    // A click on the backdrop asks too; confirming closes.
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    await userEvent.pointer({ keys: '[MouseLeft>]', target: document.querySelector('.modal-backdrop')! });
    expect(await screen.findByText('Close this lecture form?')).toBeInTheDocument();
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add lecture' })).not.toBeInTheDocument());
  });

  it('during an upload Escape names the uploads; confirming stops them, cancelling keeps them running', async () => {
    adminPreview();
    const dialog = await openAdd();
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), fileOf('intro.webm', 'video/webm', 5000));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    const abort = jest.spyOn(xhr, 'abort');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('What you typed will be lost and the uploads still running will stop.')).toBeInTheDocument();
    await userEvent.click(swalButton('cancel'));
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(abort).not.toHaveBeenCalled();
    act(() => xhr.progress(4000, 5000));
    expect(screen.getByRole('progressbar', { name: 'Uploading intro.webm' })).toHaveAttribute('aria-valuenow', '80');

    await userEvent.click(within(screen.getByRole('dialog', { name: 'Add lecture' })).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await waitFor(() => swalButton('confirm')));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add lecture' })).not.toBeInTheDocument());
    // Stopped as the form goes (an unmount's effect cleanup, which the runtime may run a frame later).
    await waitFor(() => expect(abort).toHaveBeenCalled());
  });
});

describe('/dashboard/preview: Quiz section', () => {
  it('shows the assigned quizzes and the Assign Quiz card instead of lecture cards', async () => {
    storeSession(adminUser);
    const fetch = mockFetch((url) => {
      if (url === '/api/Quiz/quizzes/s1')
        return { status: 200, body: { data: [{ id: 'q1', title: 'Cell quiz', description: '', imageUrl: null, createdAt: '2026-01-01T00:00:00Z', questionCount: 3, settings: { revealAnswers: false, timeLimitMinutes: null, maxAttempts: null, shuffle: false }, contentId: 's1' }] } };
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/dashboard/preview', state: { ...previewState, sectionType: 'Quiz' } });
    expect(await screen.findByRole('heading', { name: 'Cell quiz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign a quiz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add lecture' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/v/lecture/s1')).toBe(false);
  });
});

describe('/dashboard/preview: video preparation and the view limit (issue 16)', () => {
  it("shows each video's state, reads the lecture again every few seconds while one prepares, and stops once all are ready", async () => {
    const states = (progress: number, done: boolean) =>
      lecture({
        viewLimit: 4,
        videos: [
          video({ videoUrl: 'videos/1.webm', state: done ? 'ready' : 'processing', progress }),
          video({ id: 'v2', videoName: 'Video two', order: 2, videoUrl: 'videos/2.webm', state: 'failed', failure: 'Invalid data found when processing input' }),
          video({ id: 'v3', videoName: 'Video three', order: 3, videoUrl: 'videos/3.webm', state: 'ready' }),
        ],
      });
    let reads = 0;
    const { fetch } = adminPreview((url) => {
      if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [states(10, false)] } };
      if (url === '/api/cours/lectureaaa/l1') {
        reads++;
        return { status: 200, body: { data: reads === 1 ? states(40, false) : states(100, true) } };
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lecture' });
    const rows = within(dialog).getAllByTestId('existing-video');
    expect(await within(rows[0]!).findByText('Preparing for streaming: 40%')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('video-state')).toHaveTextContent('Preparation failed: Invalid data found when processing input');
    expect(within(rows[2]!).getByTestId('video-state')).toHaveTextContent('Ready');
    expect(within(dialog).getByLabelText('Views per video')).toHaveValue(4);
    // The next read (≈3 s later) finds it ready; then the reads stop.
    await waitFor(() => expect(within(rows[0]!).getByTestId('video-state')).toHaveAttribute('data-state', 'ready'), { timeout: 6000 });
    const after = reads;
    await act(() => new Promise((r) => setTimeout(r, 3500)));
    expect(reads).toBe(after);
    expect(fetch.mock.calls.filter(([url]) => url === '/api/cours/lectureaaa/l1').length).toBe(after);
  }, 20_000);

  it('the view limit: 1 to 100 or empty for none; it is sent with the lecture (empty: no limit)', async () => {
    const existing = lecture({ price: 80, isFree: false, viewLimit: null, videos: [video({ videoUrl: 'videos/1.webm', state: 'ready' })] });
    const { fetch } = adminPreview((url) => {
      if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [existing] } };
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: existing } };
      if (url === '/api/AWS/lectures/l1') return { status: 200, body: { message: 'Lecture Updated Successfully', data: existing } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lecture' });
    const field = within(dialog).getByLabelText('Views per video');
    expect(field).toHaveValue(null);
    await userEvent.type(field, '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Views per video must be a whole number from 1 to 100/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/AWS/lectures/l1')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lecture Updated Successfully')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([url]) => url === '/api/AWS/lectures/l1')![1]!;
    expect((patch.body as FormData).get('viewLimit')).toBe('3');
  });
});
