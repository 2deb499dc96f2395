/** Courses, terms, the term lock and content sections (spec 3, 4, 5, 7). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { courseForm, enc, GENERAL, image, LANGUAGES, makeQuiz, makeWorld, playlistOf, recordPurchase, saveLecture, type World } from './catalogue-fixtures';

let w: World;
let other: TestUser;
beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld(), makeUser()]);
});

describe('GET /api/cours/all', () => {
  it('lists courses publicly with their terms, tracks and image URL', async () => {
    const r = await api('GET', '/api/cours/all');
    expect(r.status).toBe(200);
    const c = r.body.data.find((x: { id: string }) => x.id === w.course.id);
    expect(c).toEqual({ id: w.course.id, name: w.course.name, imageUrl: null, courseFor: 'ثانوي عام, ثانوي لغات', terms: expect.any(Array) });
    expect(c.terms.map((t: { name: string; courseFor: string }) => `${t.courseFor}/${t.name}`)).toEqual([
      'ثانوي عام/الترم الأول',
      'ثانوي عام/الترم الثاني',
      'ثانوي لغات/الترم الأول',
      'ثانوي لغات/الترم الثاني',
    ]);
  });

  it('accepts the raw token the client sends', async () => {
    expect((await api('GET', '/api/cours/all', { token: w.student.token, rawToken: true })).status).toBe(200);
  });
});

describe('POST /api/cours/create-course', () => {
  it('creates the course with its image, terms per track and sections per term', async () => {
    const r = await api('POST', '/api/cours/create-course', { token: w.admin.token, form: courseForm({ image: image(500, 'image/jpeg') }) });
    expect(r.status).toBe(201);
    expect(r.body.imageUrl).toMatch(/^\/media\/images\/[0-9A-Z]{26}\.jpg$/);
    const img = await fetch(`${(await import('../support/platform')).platform().url}${r.body.imageUrl}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect((await img.arrayBuffer()).byteLength).toBe(500);
    for (const track of [GENERAL, LANGUAGES]) {
      const terms = await api('GET', `/api/cours/Term/${enc(track)}/${r.body.id}`, { token: w.student.token });
      expect(terms.body.data.map((t: { name: string }) => t.name)).toEqual(['الترم الأول', 'الترم الثاني']);
      const sections = await api('GET', `/api/cours/content/${terms.body.data[1].id}`, { token: w.student.token });
      expect(sections.body.data.map((s: { content: string }) => s.content)).toEqual(['شرح محاضرات', 'حل امتحانات', 'Quiz']);
      expect(sections.body.data[0]).toEqual({ id: expect.any(String), content: 'شرح محاضرات', termId: terms.body.data[1].id });
    }
  });

  it('takes the tracks, terms and content the admin lists', async () => {
    const form = courseForm({ courseFor: JSON.stringify([LANGUAGES]), terms: JSON.stringify(['الترم الأول']), content: JSON.stringify(['Quiz']) });
    const r = await api('POST', '/api/cours/create-course', { token: w.admin.token, form });
    expect(r.status).toBe(201);
    expect(r.body.courseFor).toBe(LANGUAGES);
    expect(r.body.terms).toEqual([{ id: expect.any(String), name: 'الترم الأول', courseFor: LANGUAGES }]);
    expect((await api('GET', `/api/cours/Term/${enc(GENERAL)}/${r.body.id}`, { token: w.admin.token })).body.data).toEqual([]);
    const sections = await api('GET', `/api/cours/content/${r.body.terms[0].id}`, { token: w.admin.token });
    expect(sections.body.data.map((s: { content: string }) => s.content)).toEqual(['Quiz']);
  });

  it.each([
    ['a missing name', { name: undefined }, /name is required/],
    ['a blank name', { name: '   ' }, /name is required/],
    ['an image of 1,000,000 bytes', { image: image(1_000_000) }, /maximum size for image is 1MB/],
    ['a file that is not an image', { image: new Blob(['hello'], { type: 'text/plain' }) }, /image must be an image/],
    ['an SVG image', { image: new Blob(['<svg/>'], { type: 'image/svg+xml' }) }, /PNG, JPEG/],
    ['courseFor that is not JSON', { courseFor: 'ثانوي عام' }, /courseFor must be JSON/],
    ['an unknown track', { courseFor: JSON.stringify(['ثانوي فني']) }, /track must be one of/],
    ['an unknown content type', { content: JSON.stringify(['Videos']) }, /content must be among/],
  ])('refuses %s with 400 and a readable message', async (_, fields, message) => {
    const r = await api('POST', '/api/cours/create-course', { token: w.admin.token, form: courseForm(fields) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });

  it('is for admins only', async () => {
    expect((await api('POST', '/api/cours/create-course', { form: courseForm() })).status).toBe(401);
    const r = await api('POST', '/api/cours/create-course', { token: w.student.token, form: courseForm() });
    expect(r.status).toBe(403);
  });
});

describe('PUT /api/cours/{id}', () => {
  it('renames the course and replaces its image', async () => {
    const name = uniq('Renamed ');
    const r = await api('PUT', `/api/cours/${w.course.id}`, { token: w.admin.token, form: courseForm({ name, image: image(300) }) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: w.course.id, name, imageUrl: expect.stringMatching(/^\/media\/images\/.+\.png$/), terms: w.course.terms });
    const list = await api('GET', '/api/cours/all');
    expect(list.body.data.find((c: { id: string }) => c.id === w.course.id).name).toBe(name);
  });

  it('refuses an empty change, a big image, an unknown course and a student', async () => {
    const empty = new FormData();
    empty.append('other', 'x');
    expect((await api('PUT', `/api/cours/${w.course.id}`, { token: w.admin.token, form: empty })).status).toBe(400);
    const big = await api('PUT', `/api/cours/${w.course.id}`, { token: w.admin.token, form: courseForm({ image: image(1_200_000) }) });
    expect(big).toMatchObject({ status: 400, body: { message: expect.stringMatching(/maximum size for image is 1MB/) } });
    expect((await api('PUT', '/api/cours/01NOSUCHCOURSE000000000000', { token: w.admin.token, form: courseForm() })).status).toBe(404);
    expect((await api('PUT', `/api/cours/${w.course.id}`, { token: w.student.token, form: courseForm() })).status).toBe(403);
  });
});

describe('terms', () => {
  it('lists the terms of one track in order, with their lock and their bundle (none: null)', async () => {
    const r = await api('GET', `/api/cours/Term/${enc(GENERAL)}/${w.course.id}`, { token: w.student.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { id: w.termId, name: 'الترم الأول', courseFor: GENERAL, isLocked: false, bundlePrice: null, endsAt: null },
      { id: expect.any(String), name: 'الترم الثاني', courseFor: GENERAL, isLocked: false, bundlePrice: null, endsAt: null },
    ]);
  });

  it('refuses an unknown track, an unknown course and an anonymous caller', async () => {
    expect((await api('GET', `/api/cours/Term/${enc('ثانوي فني')}/${w.course.id}`, { token: w.student.token })).status).toBe(400);
    expect((await api('GET', `/api/cours/Term/${enc(GENERAL)}/01NOSUCHCOURSE000000000000`, { token: w.student.token })).status).toBe(404);
    expect((await api('GET', `/api/cours/Term/${enc(GENERAL)}/${w.course.id}`)).status).toBe(401);
    expect((await api('GET', `/api/cours/content/${w.termId}`)).status).toBe(401);
    expect((await api('GET', '/api/cours/content/01NOSUCHTERM00000000000000', { token: w.student.token })).status).toBe(404);
  });

  it('locks a term against students (everything under it) but not the admin, and unlocks it', async () => {
    const lw = await makeWorld();
    const lecture = await saveLecture(lw, { price: '0', isFree: 'true' });
    const lock = await api('PATCH', `/api/cours/Term/lock/${lw.termId}`, { token: lw.admin.token });
    expect(lock).toMatchObject({ status: 200, body: { isLocked: true, message: expect.any(String) } });

    const terms = await api('GET', `/api/cours/Term/${enc(GENERAL)}/${lw.course.id}`, { token: lw.student.token });
    expect(terms.body.data[0]).toMatchObject({ id: lw.termId, isLocked: true });
    for (const path of [`/api/cours/content/${lw.termId}`, `/api/cours/lecture/${lw.lectureSectionId}`, `/api/cours/lectureaaa/${lecture.id}`]) {
      const student = await api('GET', path, { token: lw.student.token });
      expect({ path, status: student.status, body: student.body }).toEqual({ path, status: 403, body: { message: 'This term is locked', code: 'term.locked' } });
      expect((await api('GET', path, { token: lw.admin.token })).status).toBe(200);
    }
    const adminView = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: lw.admin.token });
    expect(adminView.body.data.videos[0].signedUrl).toBe(playlistOf(lecture.videos[0]!.videoUrl));

    const unlock = await api('PATCH', `/api/cours/Term/lock/${lw.termId}`, { token: lw.admin.token });
    expect(unlock.body.isLocked).toBe(false);
    expect((await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: lw.student.token })).status).toBe(200);
  });

  it('lets only admins toggle the lock', async () => {
    expect((await api('PATCH', `/api/cours/Term/lock/${w.termId}`, { token: w.student.token })).status).toBe(403);
    expect((await api('PATCH', `/api/cours/Term/lock/${w.termId}`)).status).toBe(401);
    expect((await api('PATCH', '/api/cours/Term/lock/01NOSUCHTERM00000000000000', { token: w.admin.token })).status).toBe(404);
  });
});

describe('DELETE /api/cours/{id}', () => {
  it('deletes a course nobody bought from, with its terms, sections and lectures', async () => {
    const dw = await makeWorld();
    const lecture = await saveLecture(dw);
    const r = await api('DELETE', `/api/cours/${dw.course.id}`, { token: dw.admin.token });
    expect(r).toMatchObject({ status: 200, body: { id: dw.course.id, message: 'Course Deleted Succesfully' } });
    expect(r.body.archived).toBeUndefined();
    expect((await api('GET', '/api/cours/all')).body.data.some((c: { id: string }) => c.id === dw.course.id)).toBe(false);
    expect((await api('GET', `/api/cours/Term/${enc(GENERAL)}/${dw.course.id}`, { token: dw.admin.token })).status).toBe(404);
    expect((await api('GET', `/api/cours/content/${dw.termId}`, { token: dw.admin.token })).status).toBe(404);
    expect((await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: dw.admin.token })).status).toBe(404);
    expect((await api('DELETE', `/api/cours/${dw.course.id}`, { token: dw.admin.token })).status).toBe(404);
  });

  it('leaves the quizzes of its Quiz sections in the teacher’s list, unassigned', async () => {
    const dw = await makeWorld();
    const quiz = await makeQuiz(dw.admin);
    expect((await api('POST', `/api/Quiz/associate-quiz/${dw.quizSectionId}/${quiz.id}`, { token: dw.admin.token })).status).toBe(200);
    expect((await api('DELETE', `/api/cours/${dw.course.id}`, { token: dw.admin.token })).status).toBe(200);
    const all = await api('GET', '/api/Quiz/AllQuizz', { token: dw.admin.token });
    expect(all.body.data.find((q: { id: string }) => q.id === quiz.id)).toMatchObject({ contentId: null });
    const links = await ddb().send(
      new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `SECTION#${dw.quizSectionId}`, ':sk': 'QUIZ#' } }),
    );
    expect(links.Items).toEqual([]);
  });

  it('archives instead when a student bought a lecture under it: gone from the catalogue, still watchable by the buyer', async () => {
    const dw = await makeWorld();
    const paid = await saveLecture(dw, { price: '150' });
    await recordPurchase(dw.student.id, paid.id);
    const r = await api('DELETE', `/api/cours/${dw.course.id}`, { token: dw.admin.token });
    expect(r).toMatchObject({ status: 200, body: { id: dw.course.id, message: 'Course Deleted Succesfully', archived: true } });
    expect((await api('GET', '/api/cours/all')).body.data.some((c: { id: string }) => c.id === dw.course.id)).toBe(false);
    const mine = await api('GET', `/api/cours/lectureaaa/${paid.id}`, { token: dw.student.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.videos[0].signedUrl).toBe(playlistOf(paid.videos[0]!.videoUrl));
    const stranger = await api('GET', `/api/cours/lectureaaa/${paid.id}`, { token: other.token });
    expect(stranger.body.data.videos[0].signedUrl).toBeUndefined();
  });

  it('is for admins only', async () => {
    expect((await api('DELETE', `/api/cours/${w.course.id}`, { token: w.student.token })).status).toBe(403);
    expect((await api('DELETE', `/api/cours/${w.course.id}`)).status).toBe(401);
  });
});
