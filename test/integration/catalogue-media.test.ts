/** Uploads straight to the bucket, a stored source never served as such, and the demo content that plays as HLS. */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { api, makeUser, platform, s3, type TestUser } from '../support/platform';
import { enc, GENERAL, lectureForm, makeWorld, type World } from './catalogue-fixtures';

jest.setTimeout(300_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const signedUrlFor = (token: string, query: Record<string, string>) => api('GET', `/api/AWS/get-signed-url?${new URLSearchParams(query)}`, { token });

describe('GET /api/AWS/get-signed-url', () => {
  it('round trip: presigned PUT, lecture saved with the key; the source is stored as sent, never served, and hidden from students until transcoded', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    const up = await signedUrlFor(w.admin.token, { fileName: 'درس 1 Cells.mp4', fileType: 'video/mp4', fileSize: String(bytes.length) });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ signedUrl: expect.any(String), key: expect.stringMatching(/^videos\/[0-9A-Z]{26}-1-Cells\.mp4$/), fileUrl: `/media/${up.body.key}`, expiresIn: 900 });

    const put = await fetch(up.body.signedUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/mp4' } });
    expect(put.status).toBe(200);

    const saved = await api('POST', '/api/AWS/save-lecture', {
      token: w.admin.token,
      form: lectureForm({ contentId: w.lectureSectionId, price: '0', isFree: 'true', videoUrls: JSON.stringify([{ videoUrl: up.body.key, videoName: 'Cells' }]) }),
    });
    expect(saved.status).toBe(201);
    const stored = await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: up.body.key }));
    expect(stored.ContentType).toBe('video/mp4');
    expect(new Uint8Array(await stored.Body!.transformToByteArray())).toEqual(bytes);
    // The source itself is never served (only its HLS, with cookies); 4 KiB of noise never becomes ready.
    expect((await fetch(`${platform().url}${up.body.fileUrl}`)).status).toBe(403);
    const lecture = await api('GET', `/api/cours/lectureaaa/${saved.body.data.id}`, { token: w.student.token });
    expect(lecture.body.data.videos).toEqual([]);
    const admin = await api('GET', `/api/cours/lectureaaa/${saved.body.data.id}`, { token: w.admin.token });
    expect(admin.body.data.videos).toEqual([expect.objectContaining({ videoUrl: up.body.key, state: expect.stringMatching(/^(uploaded|processing|failed)$/) })]);
    expect(admin.body.data.videos[0].signedUrl).toBeUndefined();
  });

  it('puts images under images/ and public at /media/images/…', async () => {
    const r = await signedUrlFor(w.admin.token, { fileName: 'cover.png', fileType: 'image/png', fileSize: '3' });
    expect(r.body.key).toMatch(/^images\/[0-9A-Z]{26}-cover\.png$/);
    const put = await fetch(r.body.signedUrl, { method: 'PUT', body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const served = await fetch(platform().url + r.body.fileUrl);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('does not serve videos without a signed URL', async () => {
    const r = await fetch(`${platform().url}/media/videos/demo-lecture.webm`);
    expect(r.status).toBe(403);
  });

  it.each([
    ['a type that is not video or image', { fileName: 'a.pdf', fileType: 'application/pdf' }, /fileType must be a video or image type/],
    ['a missing fileType', { fileName: 'a.mp4' }, /fileType is required/],
    ['a missing fileName', { fileType: 'video/mp4' }, /fileName is required/],
    ['an SVG image', { fileName: 'a.svg', fileType: 'image/svg+xml' }, /PNG, JPEG/],
    ['an image of 1 MB', { fileName: 'a.png', fileType: 'image/png', fileSize: '1000000' }, /maximum size for image is 1MB/],
    ['a video over 5 GB', { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: String(6 * 1024 ** 3) }, /at most 5 GB/],
    ['a size that is not a number', { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: 'big' }, /fileSize must be a number/],
    ['a missing fileSize', { fileName: 'a.mp4', fileType: 'video/mp4' }, /fileSize is required/],
    ['an empty fileSize', { fileName: 'a.png', fileType: 'image/png', fileSize: '' }, /fileSize is required/],
    ['a size of 0', { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: '0' }, /fileSize must be at least 1/],
  ])('refuses %s with 400', async (_, query, message) => {
    const r = await signedUrlFor(w.admin.token, query as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });

  it('signs the size into the URL: a PUT of another length is refused and stores nothing; the signed length goes through', async () => {
    const up = await signedUrlFor(w.admin.token, { fileName: 'exact.webm', fileType: 'video/webm', fileSize: '1000' });
    expect(up.status).toBe(200);
    expect(new URL(up.body.signedUrl).searchParams.get('X-Amz-SignedHeaders')).toMatch(/content-length/);
    // The stand-in for S3 is reached through the site, as S3 itself is reached over its own endpoint.
    expect(new URL(up.body.signedUrl).origin).toBe(new URL(platform().url).origin);
    const exists = () => s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key: up.body.key })).then(() => true, () => false);

    for (const size of [2000, 999, 30 * 1024 * 1024]) {
      const put = await fetch(up.body.signedUrl, { method: 'PUT', body: new Uint8Array(size), headers: { 'content-type': 'video/webm' } });
      expect({ size, status: put.status }).toEqual({ size, status: 403 });
    }
    const otherType = await fetch(up.body.signedUrl, { method: 'PUT', body: new Uint8Array(1000), headers: { 'content-type': 'text/html' } });
    expect(otherType.status).toBe(403);
    expect(await exists()).toBe(false);

    const exact = await fetch(up.body.signedUrl, { method: 'PUT', body: new Uint8Array(1000).fill(5), headers: { 'content-type': 'video/webm' } });
    expect(exact.status).toBe(200);
    expect(await exists()).toBe(true);
  });

  it('serves the bucket to browsers only through presigned URLs: unsigned, tampered and listing requests are refused with plain JSON', async () => {
    const { url, bucket } = platform();
    const up = await signedUrlFor(w.admin.token, { fileName: 'listed.webm', fileType: 'video/webm', fileSize: '4' });
    await fetch(up.body.signedUrl, { method: 'PUT', body: new Uint8Array(4), headers: { 'content-type': 'video/webm' } });
    const refused = async (target: string, status = 403) => {
      const r = await fetch(target);
      const text = await r.text();
      expect({ target, status: r.status }).toEqual({ target, status });
      expect(text).not.toMatch(/<\?xml|<Error>/);
      expect(r.headers.get('cache-control')).toBe('no-store');
    };
    await refused(`${url}/_local/s3/${bucket}/${up.body.key}`);
    await refused(`${url}/_local/s3/${bucket}/${up.body.key.replace('listed', 'other')}${new URL(up.body.signedUrl).search}`);
    await refused(`${url}/_local/s3/${bucket}?list-type=2`, 400);
    await refused(`${url}/_local/s3/`, 400);
  });

  it('checks image bytes by their signature: HTML sent as image/png is refused with 400 and nothing is made; a PNG named .jpg is stored as image/png', async () => {
    const html = new Blob([new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>')], { type: 'image/png' });
    const name = `Evil ${Date.now()}`;
    const form = new FormData();
    form.set('name', name);
    form.set('image', html, 'cover.png');
    const course = await api('POST', '/api/cours/create-course', { token: w.admin.token, form });
    expect(course.status).toBe(400);
    expect(course.body.errors).toEqual([expect.objectContaining({ path: 'body.image', code: 'image.content' })]);
    expect((await api('GET', '/api/cours/all')).body.data.map((c: { name: string }) => c.name)).not.toContain(name);

    const lecture = await api('POST', '/api/AWS/save-lecture', { token: w.admin.token, form: lectureForm({ contentId: w.lectureSectionId, price: '0', isFree: 'true', imageFile: html, videoUrls: JSON.stringify([{ videoUrl: 'videos/x.webm', videoName: 'x' }]) }) });
    expect(lecture.status).toBe(400);
    expect(lecture.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.imageFile', code: 'image.content' })]));

    const png = new Uint8Array(300).fill(1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const renamed = new FormData();
    renamed.set('name', `Renamed ${Date.now()}`);
    renamed.set('image', new Blob([png], { type: 'image/jpeg' }), 'cover.jpg');
    const made = await api('POST', '/api/cours/create-course', { token: w.admin.token, form: renamed });
    expect(made.status).toBe(201);
    expect(made.body.imageUrl).toMatch(/\.png$/);
    expect((await fetch(platform().url + made.body.imageUrl)).headers.get('content-type')).toBe('image/png');
  });

  it('is for admins only', async () => {
    expect((await signedUrlFor(w.student.token, { fileName: 'a.mp4', fileType: 'video/mp4' })).status).toBe(403);
    expect((await api('GET', '/api/AWS/get-signed-url?fileName=a.mp4&fileType=video/mp4')).status).toBe(401);
  });
});

describe('demo content seeded at start', () => {
  let student: TestUser;
  beforeAll(async () => {
    student = await makeUser();
  });

  it('has a course with terms and sections, a free lecture whose video plays as HLS with its cookies, and a paid lecture', async () => {
    const courses = await api('GET', '/api/cours/all');
    const demo = courses.body.data.find((c: { name: string }) => c.name === 'الصف الأول الثانوي');
    expect(demo).toBeDefined();
    const image = await fetch(platform().url + demo.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');

    const terms = await api('GET', `/api/cours/Term/${enc(GENERAL)}/${demo.id}`, { token: student.token });
    const sections = await api('GET', `/api/cours/content/${terms.body.data[0].id}`, { token: student.token });
    const lectures = await api('GET', `/api/cours/lecture/${sections.body.data[0].id}`, { token: student.token });
    const free = lectures.body.data.find((l: { isFree: boolean }) => l.isFree);
    const paid = lectures.body.data.find((l: { isFree: boolean }) => !l.isFree);
    expect(paid).toMatchObject({ price: 150, canWatch: false });

    // The demo video is transcoded at start (media-pipeline.test.ts); a student sees it once ready.
    let opened = await api('GET', `/api/cours/lectureaaa/${free.id}`, { token: student.token });
    for (const until = Date.now() + 240_000; opened.body.data.videos.length === 0 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 1000));
      opened = await api('GET', `/api/cours/lectureaaa/${free.id}`, { token: student.token });
    }
    const video = opened.body.data.videos[0];
    expect(video.signedUrl).toBe('/media/hls/demo-lecture-webm/master.m3u8');
    expect((await fetch(platform().url + video.signedUrl)).status).toBe(403);
    const playback = await api('POST', `/api/AWS/lectures/${free.id}/videos/${video.id}/playback`, { token: student.token });
    expect(playback.status).toBe(200);
    const cookie = playback.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const master = await fetch(platform().url + playback.body.playlistUrl, { headers: { cookie } });
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const firstRung = (await master.text()).split('\n').find((l) => l.endsWith('.m3u8'))!;
    const rung = await fetch(`${platform().url}/media/hls/demo-lecture-webm/${firstRung}`, { headers: { cookie } });
    expect(rung.status).toBe(200);
    const segment = (await rung.text()).split('\n').find((l) => l.trim() && !l.startsWith('#'))!;
    const bytes = new Uint8Array(await (await fetch(new URL(segment, `${platform().url}/media/hls/demo-lecture-webm/${firstRung}`), { headers: { cookie } })).arrayBuffer());
    expect(bytes[0]).toBe(0x47); // an MPEG-TS packet

    const paidOpened = await api('GET', `/api/cours/lectureaaa/${paid.id}`, { token: student.token });
    expect(paidOpened.body.data.videos[0].signedUrl).toBeUndefined();
  });
});
