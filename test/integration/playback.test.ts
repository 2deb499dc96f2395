/**
 * Protected playback (issue 16) on the stand-ins: a video's HLS opens only with the CloudFront
 * cookies startPlayback issues for that asset (checked by the local gateway as CloudFront checks
 * them), under today's rules (entitled, quiz gate open, ready, views left); a view counted when a
 * playback starts (a start that sends back a live playback resumes it), against the lecture's limit,
 * reset by the teacher; cookies live the video's length plus a margin; students see ready videos only.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { playbackCookies, POSTER_LINK_WINDOW_SECONDS, posterLinkExpiry } from '../../functions/lib/media-cookies';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PLAYBACK_MARGIN_SECONDS, PLAYBACK_UNKNOWN_LENGTH_SECONDS } from '../../shared/video';
import { api, ddb, makeUser, platform, type TestUser } from '../support/platform';
import { lectureForm, makeQuiz, makeWorld, READY_POSTER, READY_RUNG, tsSegment, uploadedVideo, writeAsset, writePurchase, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

type VideoIn = { videoUrl: string; videoName: string; quizId?: string | null };
interface SavedLecture {
  id: string;
  viewLimit: number | null;
  videos: { id: string; videoUrl: string; state: string; signedUrl?: string }[];
}

async function lectureWith(videos: VideoIn[], fields: Record<string, string> = {}): Promise<SavedLecture> {
  const r = await api('POST', '/api/AWS/save-lecture', {
    token: w.admin.token,
    form: lectureForm({ price: '100', isFree: 'false', contentId: w.lectureSectionId, videoUrls: JSON.stringify(videos), ...fields }),
  });
  if (r.status !== 201) throw new Error(`save-lecture: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}
const freeLecture = async (n = 1, fields: Record<string, string> = {}) =>
  lectureWith(await Promise.all(Array.from({ length: n }, async (_, i) => ({ videoUrl: await uploadedVideo(), videoName: `Part ${i + 1}` }))), { price: '0', isFree: 'true', ...fields });

const assetOf = (videoUrl: string) => /^videos\/([0-9A-Z]{26})-/.exec(videoUrl)![1]!;
/** Starts a playback; with `playbackId`, asks to resume that one. */
const start = (u: TestUser, lectureId: string, videoId: string, playbackId?: string) =>
  api('POST', `/api/AWS/lectures/${lectureId}/videos/${videoId}/playback`, { token: u.token, ...(playbackId ? { json: { playbackId } } : {}) });
const count = (u: TestUser, lectureId: string, videoId: string, playbackId: string) => api('POST', `/api/AWS/lectures/${lectureId}/videos/${videoId}/views`, { token: u.token, json: { playbackId } });
/** The Set-Cookie values as a browser would send them back: name=value; … */
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');
const media = (p: string, cookie?: string) => fetch(platform().url + p, { headers: cookie ? { cookie } : {} });

describe('the HLS of a video behind signed cookies', () => {
  let lecture: SavedLecture;
  let student: TestUser;
  beforeAll(async () => {
    student = await makeUser();
    lecture = await lectureWith([
      { videoUrl: await uploadedVideo(), videoName: 'A' },
      { videoUrl: await uploadedVideo(), videoName: 'B' },
    ]);
    await writePurchase(student.id, lecture.id);
  });

  it('refuses a playlist or a segment without cookies: 403 JSON, no-store', async () => {
    const asset = assetOf(lecture.videos[0]!.videoUrl);
    for (const p of [`/media/hls/${asset}/master.m3u8`, `/media/hls/${asset}/240p/index.m3u8`, `/media/hls/${asset}/240p/seg_000.ts`]) {
      const r = await media(p);
      expect(r.status).toBe(403);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(await r.json()).toEqual({ message: expect.stringMatching(/cookies are required/) });
    }
  });

  it('opens the playlists and segments with the cookies startPlayback sets, scoped to that asset', async () => {
    const [a, b] = lecture.videos;
    const r = await start(student, lecture.id, a!.id);
    expect(r.status).toBe(200);
    const asset = assetOf(a!.videoUrl);
    expect(r.body).toEqual({
      playlistUrl: `/media/hls/${asset}/master.m3u8`,
      expiresAt: expect.any(String),
      viewsLeft: null,
      playbackId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      resumed: false,
      rungs: [{ name: READY_RUNG.name, height: READY_RUNG.height, width: READY_RUNG.width, bandwidth: READY_RUNG.bandwidth }],
      encrypted: false,
      posterUrl: `/media/hls/${asset}/${READY_POSTER}`,
      durationSeconds: 6,
      resumeAt: 0,
    });
    // The cookies live the video's length (6 s) plus the margin, no longer.
    const ttl = Date.parse(r.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan((6 + PLAYBACK_MARGIN_SECONDS) * 1000 - 60_000);
    expect(ttl).toBeLessThanOrEqual((6 + PLAYBACK_MARGIN_SECONDS) * 1000);
    const set = r.headers.getSetCookie();
    expect(set.map((c) => c.split('=')[0]).sort()).toEqual(['CloudFront-Key-Pair-Id', 'CloudFront-Policy', 'CloudFront-Signature']);
    for (const c of set) {
      expect(c).toContain(`; Path=/media/hls/${asset}/`);
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Lax/);
      expect(c).not.toMatch(/Secure/); // the local site is http
    }
    const cookie = cookieHeader(set);

    const master = await media(r.body.playlistUrl, cookie);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^private/);
    expect(await master.text()).toContain(`${READY_RUNG.name}/index.m3u8`);
    const rung = await media(`/media/hls/${asset}/240p/index.m3u8`, cookie);
    expect(rung.status).toBe(200);
    expect(await rung.text()).toContain('seg_000.ts');
    const segment = await media(`/media/hls/${asset}/240p/seg_000.ts`, cookie);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(tsSegment(2, asset.length % 200));
    // The poster opens with the same cookies, as an image; without them it is refused like the rest.
    const poster = await media(r.body.posterUrl, cookie);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await poster.arrayBuffer())].slice(0, 2)).toEqual([0xff, 0xd8]);
    expect((await media(r.body.posterUrl)).status).toBe(403);

    // Asset A's cookies open nothing of asset B, nor a path that climbs out of A.
    const other = assetOf(b!.videoUrl);
    expect((await media(`/media/hls/${other}/master.m3u8`, cookie)).status).toBe(403);
    expect((await media(`/media/hls/${other}/240p/seg_000.ts`, cookie)).status).toBe(403);
    expect((await media(`/media/hls/${asset}/..%2f${other}/master.m3u8`, cookie)).status).toBe(400);
    expect((await media(`/media/hls/${asset}/../${other}/master.m3u8`, cookie)).status).not.toBe(200);
  });

  it('refuses tampered, foreign and expired cookies', async () => {
    const a = lecture.videos[0]!;
    const asset = assetOf(a.videoUrl);
    const r = await start(student, lecture.id, a.id);
    const jar = new Map(r.headers.getSetCookie().map((c) => c.split(';')[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
    const send = (m: Map<string, string>) => media(`/media/hls/${asset}/master.m3u8`, [...m].map(([k, v]) => `${k}=${v}`).join('; '));
    expect((await send(jar)).status).toBe(200);

    // The policy rewritten to open every asset, the signature kept: refused.
    const policy = JSON.parse(Buffer.from(jar.get('CloudFront-Policy')!.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64').toString());
    policy.Statement[0].Resource = `${platform().url}/media/hls/*`;
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64').replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');
    expect((await send(new Map([...jar, ['CloudFront-Policy', widened]]))).status).toBe(403);
    // One character of the signature changed.
    const sig = jar.get('CloudFront-Signature')!;
    expect((await send(new Map([...jar, ['CloudFront-Signature', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)]]))).status).toBe(403);
    // An unknown key pair id.
    expect((await send(new Map([...jar, ['CloudFront-Key-Pair-Id', 'K2SOMEONEELSE']]))).status).toBe(403);

    // Signed by the same code with another private key under our key pair id: refused.
    const key = JSON.parse(fs.readFileSync(path.join(platform().dataDir, 'playback-key.json'), 'utf8')) as { keyPairId: string; privateKey: string };
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const forged = playbackCookies({ keyPairId: key.keyPairId, privateKey: stranger.privateKey }, platform().url, asset, new Date(Date.now() + 3600_000));
    expect((await media(`/media/hls/${asset}/master.m3u8`, cookieHeader(forged))).status).toBe(403);
    // With the platform's own key, a policy whose DateLessThan has passed: refused as expired.
    const expired = playbackCookies(key, platform().url, asset, new Date(Date.now() - 1000));
    const late = await media(`/media/hls/${asset}/master.m3u8`, cookieHeader(expired));
    expect(late.status).toBe(403);
    expect((await late.json()).message).toMatch(/expired/);
    // … and the same key with a live date opens it (the check above is the date, not the key).
    expect((await media(`/media/hls/${asset}/master.m3u8`, cookieHeader(playbackCookies(key, platform().url, asset, new Date(Date.now() + 60_000))))).status).toBe(200);
  });
});

describe('who gets cookies', () => {
  it('an unentitled student: 403 lecture.notOwned and no cookie; the owner: 200', async () => {
    const lecture = await lectureWith([{ videoUrl: await uploadedVideo(), videoName: 'Paid' }]);
    const [stranger, owner] = await Promise.all([makeUser(), makeUser()]);
    const refused = await start(stranger, lecture.id, lecture.videos[0]!.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('lecture.notOwned');
    expect(refused.headers.getSetCookie()).toEqual([]);
    await writePurchase(owner.id, lecture.id);
    expect((await start(owner, lecture.id, lecture.videos[0]!.id)).status).toBe(200);
    // An expired purchase is no entitlement.
    await writePurchase(stranger.id, lecture.id, -1);
    expect((await start(stranger, lecture.id, lecture.videos[0]!.id)).body.code).toBe('lecture.notOwned');
  });

  it('a video the quiz gate holds back: 403 video.locked, no cookie; open once the quiz is passed', async () => {
    const quiz = await makeQuiz(w.admin);
    const lecture = await lectureWith(
      [
        { videoUrl: await uploadedVideo(), videoName: 'One', quizId: quiz.id },
        { videoUrl: await uploadedVideo(), videoName: 'Two', quizId: null },
      ],
      { price: '0', isFree: 'true' },
    );
    const student = await makeUser();
    expect((await start(student, lecture.id, lecture.videos[0]!.id)).status).toBe(200);
    const locked = await start(student, lecture.id, lecture.videos[1]!.id);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('video.locked');
    expect(locked.headers.getSetCookie()).toEqual([]);
    const questions = (await api('GET', `/api/Quizz/${quiz.id}`, { token: student.token })).body.data.questions as { id: string }[];
    const submitted = await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: student.token, json: { answers: questions.map((q) => ({ questionId: q.id, answerText: 'True' })) } });
    expect(submitted.status).toBeLessThan(300);
    expect((await start(student, lecture.id, lecture.videos[1]!.id)).status).toBe(200);
    // An admin is never gated.
    expect((await start(w.admin, lecture.id, lecture.videos[1]!.id)).status).toBe(200);
  });

  it('a video not ready: 409 video.notReady (processing, failed or not started), no cookie', async () => {
    const lecture = await lectureWith(
      [
        { videoUrl: await uploadedVideo(undefined, 'processing'), videoName: 'Processing' },
        { videoUrl: await uploadedVideo(undefined, 'failed'), videoName: 'Failed' },
      ],
      { price: '0', isFree: 'true' },
    );
    const student = await makeUser();
    for (const v of lecture.videos) {
      const r = await start(student, lecture.id, v.id);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('video.notReady');
      expect(r.headers.getSetCookie()).toEqual([]);
      expect((await start(w.admin, lecture.id, v.id)).status).toBe(409);
    }
    expect((await start(student, lecture.id, '01NOSUCHVIDEO0000000000000')).status).toBe(404);
    expect((await start(student, '01NOSUCHLECTURE00000000000', lecture.videos[0]!.id)).status).toBe(404);
  });

  it('asks for a session', async () => {
    const lecture = await freeLecture();
    const r = await fetch(`${platform().url}/api/AWS/lectures/${lecture.id}/videos/${lecture.videos[0]!.id}/playback`, { method: 'POST' });
    expect(r.status).toBe(401);
  });
});

describe('the view limit', () => {
  const viewsLeftOfLecture = async (u: TestUser, lectureId: string) =>
    ((await api('GET', `/api/cours/lectureaaa/${lectureId}`, { token: u.token })).body.data.videos as { viewsLeft: number | null }[]).map((v) => v.viewsLeft);
  const listedViews = async (u: TestUser) => (await api('GET', `/api/admin/users/${u.id}/video-views`, { token: w.admin.token })).body.data as { videoId: string; views: number; viewLimit: number | null }[];

  it('counts a view when a playback starts: five starts at once under a limit of 2 give two playbacks, then no cookies', async () => {
    const lecture = await freeLecture(2, { viewLimit: '2' });
    expect(lecture.viewLimit).toBe(2);
    const [a, b] = lecture.videos;
    const student = await makeUser();
    expect(await viewsLeftOfLecture(student, lecture.id)).toEqual([2, 2]);

    const starts = await Promise.all(Array.from({ length: 5 }, () => start(student, lecture.id, a!.id)));
    expect(starts.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403]);
    expect(starts.filter((r) => r.status === 200).map((r) => r.body.viewsLeft).sort()).toEqual([0, 1]);
    for (const r of starts.filter((x) => x.status === 403)) {
      expect(r.body).toEqual({ message: 'Every view of this video allowed by the lecture is used', code: 'video.viewLimit' });
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    expect(await viewsLeftOfLecture(student, lecture.id)).toEqual([0, 2]);
    // Once none is left, a new start gets no cookies, however often it is asked.
    for (let i = 0; i < 3; i++) {
      const refused = await start(student, lecture.id, a!.id);
      expect([refused.status, refused.body.code, refused.headers.getSetCookie()]).toEqual([403, 'video.viewLimit', []]);
    }
    expect(await listedViews(student)).toEqual([expect.objectContaining({ videoId: a!.id, views: 2, viewLimit: 2 })]);
    // The other video has its own count.
    const other = await start(student, lecture.id, b!.id);
    expect([other.status, other.body.viewsLeft]).toEqual([200, 1]);
  });

  it('a start that sends back its live playback resumes it: no view counted, the same playback and expiry', async () => {
    const lecture = await freeLecture(2, { viewLimit: '2' });
    const [a, b] = lecture.videos;
    const [student, other] = await Promise.all([makeUser(), makeUser()]);
    const first = await start(student, lecture.id, a!.id);
    expect([first.status, first.body.viewsLeft, first.body.resumed]).toEqual([200, 1, false]);
    for (let i = 0; i < 3; i++) {
      const again = await start(student, lecture.id, a!.id, first.body.playbackId);
      expect([again.status, again.body.playbackId, again.body.expiresAt, again.body.viewsLeft, again.body.resumed]).toEqual([200, first.body.playbackId, first.body.expiresAt, 1, true]);
      expect(again.headers.getSetCookie().map((c) => c.split('=')[0]).sort()).toEqual(['CloudFront-Key-Pair-Id', 'CloudFront-Policy', 'CloudFront-Signature']);
    }
    expect(await viewsLeftOfLecture(student, lecture.id)).toEqual([1, 2]);

    // Another video's start, or another student's, does not resume it: each is a new playback, counted.
    const onB = await start(student, lecture.id, b!.id, first.body.playbackId);
    expect([onB.status, onB.body.resumed, onB.body.viewsLeft]).toEqual([200, false, 1]);
    expect(onB.body.playbackId).not.toBe(first.body.playbackId);
    const theirs = await start(other, lecture.id, a!.id, first.body.playbackId);
    expect([theirs.status, theirs.body.resumed, theirs.body.viewsLeft]).toEqual([200, false, 1]);
    expect(await viewsLeftOfLecture(student, lecture.id)).toEqual([1, 1]);

    // The last view: taken by a new start; the live playback still resumes, a new one is refused.
    const last = await start(student, lecture.id, a!.id);
    expect([last.body.viewsLeft, last.body.resumed]).toEqual([0, false]);
    expect((await start(student, lecture.id, a!.id, first.body.playbackId)).body).toMatchObject({ playbackId: first.body.playbackId, resumed: true, viewsLeft: 0 });
    expect((await start(student, lecture.id, a!.id)).body.code).toBe('video.viewLimit');

    // Once its life is over, a playback resumes no more: a new start is refused (no view left).
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: `PLAYBACK#${first.body.playbackId}` }, UpdateExpression: 'SET #u = :past', ExpressionAttributeNames: { '#u': 'until' }, ExpressionAttributeValues: { ':past': Date.now() - 1000 } }),
    );
    const over = await start(student, lecture.id, a!.id, first.body.playbackId);
    expect([over.status, over.body.code, over.headers.getSetCookie()]).toEqual([403, 'video.viewLimit', []]);
  });

  it('cookies live the video plus the margin: the policy, the cookie and the answer say the same; without a known length, the fallback', async () => {
    const known = await freeLecture();
    const student = await makeUser();
    const policyUntil = (setCookies: string[]) => {
      const policy = setCookies.find((c) => c.startsWith('CloudFront-Policy='))!.split(';')[0]!.slice('CloudFront-Policy='.length);
      return JSON.parse(Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64').toString()).Statement[0].Condition.DateLessThan['AWS:EpochTime'] as number;
    };
    const before = Date.now();
    const r = await start(student, known.id, known.videos[0]!.id);
    const until = Date.parse(r.body.expiresAt);
    expect(until - before).toBeLessThanOrEqual((6 + PLAYBACK_MARGIN_SECONDS) * 1000 + 1000);
    expect(until - before).toBeGreaterThanOrEqual((6 + PLAYBACK_MARGIN_SECONDS) * 1000 - 60_000);
    expect(policyUntil(r.headers.getSetCookie())).toBe(Math.floor(until / 1000));
    expect(r.headers.getSetCookie()[0]).toContain(`Expires=${new Date(until).toUTCString()}`);
    // A resume keeps the expiry: it never stretches a playback's life.
    const resumed = await start(student, known.id, known.videos[0]!.id, r.body.playbackId);
    expect(policyUntil(resumed.headers.getSetCookie())).toBe(Math.floor(until / 1000));

    // An asset whose length the transcoder did not record: the fallback life.
    // Rewritten with the same source's tag, so the upload's event (which may come after this) finds it transcoded.
    const bytes = new TextEncoder().encode(`no length ${Date.now()}`);
    const key = await uploadedVideo(bytes);
    const assetId = assetOf(key);
    const sourceEtag = createHash('md5').update(bytes).digest('hex');
    await writeAsset(assetId, key, { sourceEtag, state: 'ready', progress: 100, rungs: [READY_RUNG], poster: READY_POSTER, encrypted: false });
    const unknown = await lectureWith([{ videoUrl: key, videoName: 'No length' }], { price: '0', isFree: 'true' });
    const u = await start(student, unknown.id, unknown.videos[0]!.id);
    expect(u.body.durationSeconds).toBeUndefined();
    const life = Date.parse(u.body.expiresAt) - Date.now();
    expect(life).toBeLessThanOrEqual(PLAYBACK_UNKNOWN_LENGTH_SECONDS * 1000);
    expect(life).toBeGreaterThan(PLAYBACK_UNKNOWN_LENGTH_SECONDS * 1000 - 60_000);
  });

  it("the player's view report counts nothing (the start did); the teacher's reset gives the views back", async () => {
    const lecture = await freeLecture(2, { viewLimit: '2' });
    const [a] = lecture.videos;
    const student = await makeUser();
    const first = await start(student, lecture.id, a!.id);
    // An older player still reports its view: answered with the views left, nothing counted.
    expect((await count(student, lecture.id, a!.id, first.body.playbackId)).body).toEqual({ viewsLeft: 1 });
    expect((await count(student, lecture.id, a!.id, first.body.playbackId)).body).toEqual({ viewsLeft: 1 });
    expect((await count(await makeUser(), lecture.id, a!.id, first.body.playbackId)).status).toBe(404);
    expect((await count(student, lecture.id, lecture.videos[1]!.id, first.body.playbackId)).body.code).toBe('playback.notFound');
    expect((await start(student, lecture.id, a!.id)).body.viewsLeft).toBe(0);
    expect((await start(student, lecture.id, a!.id)).body.code).toBe('video.viewLimit');

    // The teacher's student page lists the counts, and a reset gives the views back.
    const listed = await api('GET', `/api/admin/users/${student.id}/video-views`, { token: w.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ lectureId: lecture.id, lectureName: expect.stringMatching(/^Lecture /), videoId: a!.id, videoName: 'Part 1', views: 2, viewLimit: 2 }]);
    expect((await api('GET', `/api/admin/users/${student.id}/video-views`, { token: student.token })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/users/${student.id}/video-views?lectureId=${lecture.id}`, { token: student.token })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/users/${student.id}/video-views`, { token: w.admin.token })).status).toBe(400);
    const reset = await api('DELETE', `/api/admin/users/${student.id}/video-views?lectureId=${lecture.id}&videoId=${a!.id}`, { token: w.admin.token });
    expect(reset.body).toEqual({ message: expect.any(String), reset: 1 });
    expect(await viewsLeftOfLecture(student, lecture.id)).toEqual([2, 2]);
    expect((await api('GET', `/api/admin/users/${student.id}/video-views`, { token: w.admin.token })).body.data).toEqual([]);
    const afterReset = await start(student, lecture.id, a!.id);
    expect([afterReset.status, afterReset.body.viewsLeft]).toEqual([200, 1]);
  });

  it('a lecture without a limit counts each start and never refuses; an admin is not counted', async () => {
    const lecture = await freeLecture();
    const student = await makeUser();
    for (let i = 0; i < 3; i++) {
      const p = await start(student, lecture.id, lecture.videos[0]!.id);
      expect([p.status, p.body.viewsLeft]).toEqual([200, null]);
      expect((await count(student, lecture.id, lecture.videos[0]!.id, p.body.playbackId)).body).toEqual({ viewsLeft: null });
    }
    expect(await listedViews(student)).toEqual([expect.objectContaining({ videoId: lecture.videos[0]!.id, views: 3, viewLimit: null })]);
    expect((await start(w.admin, lecture.id, lecture.videos[0]!.id)).body).toMatchObject({ viewsLeft: null, resumed: false });
    expect(await listedViews(w.admin)).toEqual([]);
  });

  it('is set on save and update (multipart viewLimit), and a bad value is a clear 400', async () => {
    for (const bad of ['0', '-1', '1.5', 'many', '101']) {
      const r = await api('POST', '/api/AWS/save-lecture', {
        token: w.admin.token,
        form: lectureForm({ price: '0', isFree: 'true', contentId: w.lectureSectionId, viewLimit: bad, videoUrls: JSON.stringify([{ videoUrl: await uploadedVideo(), videoName: 'x' }]) }),
      });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([expect.objectContaining({ path: 'body.viewLimit', code: 'lecture.viewLimit', params: { max: 100 } })]);
      expect(r.body.message).toMatch(/viewLimit must be a whole number from 1 to 100/);
    }
    const lecture = await freeLecture(1, { viewLimit: '٣' }); // Arabic-Indic digits
    expect(lecture.viewLimit).toBe(3);
    const update = (viewLimit: string) => {
      const f = new FormData();
      f.append('viewLimit', viewLimit);
      return api('PATCH', `/api/AWS/lectures/${lecture.id}`, { token: w.admin.token, form: f });
    };
    expect((await update('5')).body.data.viewLimit).toBe(5);
    expect((await update('0')).status).toBe(400);
    expect((await update('')).body.data.viewLimit).toBeNull();
  });
});

describe('what a lecture shows', () => {
  it('a student sees only ready videos, with the playlist as signedUrl; the admin sees each state', async () => {
    const keys = {
      ready: await uploadedVideo(),
      processing: await uploadedVideo(undefined, 'processing'),
      failed: await uploadedVideo(undefined, 'failed'),
      uploaded: await uploadedVideo(undefined, 'uploaded'),
    };
    const lecture = await lectureWith(Object.entries(keys).map(([name, videoUrl]) => ({ videoUrl, videoName: name })), { price: '0', isFree: 'true' });
    const student = await makeUser();
    const seen = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: student.token });
    expect(seen.body.data.videos).toEqual([
      {
        id: expect.any(String),
        videoName: 'ready',
        name: 'ready',
        quizId: null,
        order: 1,
        signedUrl: `/media/hls/${assetOf(keys.ready)}/master.m3u8`,
        posterUrl: expect.stringMatching(new RegExp(`^/media/hls/${assetOf(keys.ready)}/${READY_POSTER.replace('.', '\\.')}\\?Expires=\\d+&Key-Pair-Id=[^&]+&Signature=[\\w~-]+$`)),
        viewsLeft: null,
        watched: { percent: 0, resumeAt: 0, completed: false },
      },
    ]);
    const listed = await api('GET', `/api/cours/lecture/${w.lectureSectionId}`, { token: student.token });
    const inList = listed.body.data.find((l: { id: string }) => l.id === lecture.id);
    expect(inList.videos.map((v: { videoName: string }) => v.videoName)).toEqual(['ready']);

    const admin = await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: w.admin.token });
    expect(admin.body.data.videos.map((v: { videoName: string; state: string; progress?: number; failure?: string; signedUrl?: string }) => [v.videoName, v.state, v.progress, v.failure, v.signedUrl])).toEqual([
      ['ready', 'ready', undefined, undefined, `/media/hls/${assetOf(keys.ready)}/master.m3u8`],
      ['processing', 'processing', 42, undefined, undefined],
      ['failed', 'failed', undefined, 'Invalid data found when processing input', undefined],
      ['uploaded', 'uploaded', undefined, undefined, undefined],
    ]);
    const adminList = await api('GET', `/api/v/lecture/${w.lectureSectionId}`, { token: w.admin.token });
    expect(adminList.body.data.find((l: { id: string }) => l.id === lecture.id).videos.map((v: { state: string }) => v.state)).toEqual(['ready', 'processing', 'failed', 'uploaded']);
  });
});

describe('the poster link a lecture gives (issue 14: painted before the playback starts)', () => {
  it('opens that poster without cookies, for a video the viewer may play; nothing else, and no one else gets it', async () => {
    const quiz = await makeQuiz(w.admin);
    const lecture = await lectureWith([
      { videoUrl: await uploadedVideo(), videoName: 'One', quizId: quiz.id },
      { videoUrl: await uploadedVideo(), videoName: 'Two', quizId: null },
    ]);
    const [owner, another, stranger] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await Promise.all([writePurchase(owner.id, lecture.id), writePurchase(another.id, lecture.id)]);
    const open = async (u: TestUser) => (await api('GET', `/api/cours/lectureaaa/${lecture.id}`, { token: u.token })).body.data.videos as { videoName: string; posterUrl?: string; signedUrl?: string }[];

    const seen = await open(owner);
    const link = seen[0]!.posterUrl!;
    const [asset1, asset2] = lecture.videos.map((v) => assetOf(v.videoUrl));
    expect(link.startsWith(`/media/hls/${asset1}/${READY_POSTER}?Expires=`)).toBe(true);
    // The second video is behind the first one's quiz: neither its playlist nor its poster.
    expect(seen[1]).not.toHaveProperty('posterUrl');
    expect(seen[1]).not.toHaveProperty('signedUrl');

    const poster = await media(link);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The link opens its one file: not the playlist, not another asset's poster, not with a changed expiry.
    const query = link.slice(link.indexOf('?'));
    for (const other of [`/media/hls/${asset1}/master.m3u8${query}`, `/media/hls/${asset2}/${READY_POSTER}${query}`, link.replace(/Expires=(\d+)/, (_, e: string) => `Expires=${Number(e) + 86400}`)]) {
      const refused = await media(other);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/signature/);
    }
    // A broken escape in the link: a clear 403, not a 500.
    const broken = await media(link.replace(/Key-Pair-Id=[^&]+/, 'Key-Pair-Id=%E0%A4%A'));
    expect(broken.status).toBe(403);
    expect(((await broken.json()) as { message: string }).message).toMatch(/malformed/);

    // Another owner in the same few minutes gets the same link (signed once, cached by the browser);
    // a student who has not bought the lecture gets none.
    // Close to a window's edge (the expiry moves on every POSTER_LINK_WINDOW_SECONDS), it waits for the
    // next window first: the two opens then fall in one window, and a host slower than that fails here.
    const expiryAt = (ms: number) => posterLinkExpiry(new Date(ms));
    const toEdge = POSTER_LINK_WINDOW_SECONDS * 1000 - (Date.now() % (POSTER_LINK_WINDOW_SECONDS * 1000));
    if (toEdge < 20_000) await new Promise((r) => setTimeout(r, toEdge + 100));
    const before = Date.now();
    const again = await open(another);
    const mine = await open(owner);
    expect(expiryAt(Date.now())).toBe(expiryAt(before));
    expect(again[0]!.posterUrl).toBe(mine[0]!.posterUrl);
    expect(Number(/Expires=(\d+)/.exec(mine[0]!.posterUrl!)![1])).toBe(expiryAt(before));
    expect((await open(stranger)).every((v) => v.posterUrl === undefined && v.signedUrl === undefined)).toBe(true);
  });
});

describe('GET /api/AWS/media-keys/{assetId}: the AES-128 key', () => {
  it('goes to an admin, or to a student holding an unexpired playback of that asset; to no one else', async () => {
    const lecture = await freeLecture(2);
    const [a, b] = lecture.videos.map((v) => assetOf(v.videoUrl));
    const key = new Uint8Array(16).map((_, i) => (i * 17 + 3) % 256);
    await ddb().send(new PutCommand({ TableName: platform().tableName, Item: { PK: `ASSET#${a}`, SK: 'AESKEY', assetId: a, key } }));
    const getKey = (u: TestUser, assetId = a!) => fetch(`${platform().url}/api/AWS/media-keys/${assetId}`, { headers: { authorization: `Bearer ${u.token}` } });

    const admin = await getKey(w.admin);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toBe('application/octet-stream');
    expect(admin.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await admin.arrayBuffer())).toEqual(key);

    const student = await makeUser();
    const refused = await getKey(student);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('playback.required');
    // A playback of another asset opens nothing here.
    expect((await start(student, lecture.id, lecture.videos[1]!.id)).status).toBe(200);
    expect((await getKey(student)).status).toBe(403);
    expect((await start(student, lecture.id, lecture.videos[0]!.id)).status).toBe(200);
    const given = await getKey(student);
    expect(given.status).toBe(200);
    expect(new Uint8Array(await given.arrayBuffer())).toEqual(key);
    // Another student's playback is not this one's.
    expect((await getKey(await makeUser())).status).toBe(403);
    // An asset without a key (not encrypted): 404, even with a playback of it.
    expect((await getKey(student, b!)).status).toBe(404);
    // Once the playback has run out, the key is refused again.
    await ddb().send(
      new PutCommand({ TableName: platform().tableName, Item: { PK: `USER#${student.id}`, SK: `PLAYASSET#${a}`, playbackId: 'x', until: Date.now() - 1000, expiresAt: Math.floor(Date.now() / 1000) + 3600 } }),
    );
    expect((await getKey(student)).status).toBe(403);
    expect((await fetch(`${platform().url}/api/AWS/media-keys/${a}`)).status).toBe(401);
  });
});
