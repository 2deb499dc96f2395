/**
 * Watching (issue 42, docs/watching.md): the heartbeat's spans merged per student and video, the
 * resume point and the cards' progress, the closing page's beacon, and the teacher's retention curve.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser } from '../support/platform';
import { makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

const LENGTH = 600;
let w: World;
let free: { id: string; videos: { id: string; videoUrl: string }[] };
let paid: { id: string; videos: { id: string; videoUrl: string }[] };

/** Gives the lecture's assets a 10-minute length (before anything reads them). */
async function tenMinutes(l: typeof free) {
  for (const v of l.videos) {
    const assetId = /^videos\/([0-9A-Z]{26})-/.exec(v.videoUrl)![1];
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' }, UpdateExpression: 'SET durationSeconds = :l', ExpressionAttributeValues: { ':l': LENGTH } }));
  }
}

beforeAll(async () => {
  w = await makeWorld();
  [free, paid] = await Promise.all([saveLecture(w, { price: '0', isFree: 'true' }, 2), saveLecture(w, {}, 1)]);
  await Promise.all([tenMinutes(free), tenMinutes(paid)]);
});

const start = (u: TestUser, lectureId: string, videoId: string) => api('POST', `/api/AWS/lectures/${lectureId}/videos/${videoId}/playback`, { token: u.token, json: {} });
const report = (u: TestUser, lectureId: string, videoId: string, body: Record<string, unknown>) => api('POST', `/api/AWS/lectures/${lectureId}/videos/${videoId}/progress`, { token: u.token, json: body });
const beacon = (lectureId: string, videoId: string, body: Record<string, unknown>) => api('POST', `/api/AWS/lectures/${lectureId}/videos/${videoId}/progress/beacon`, { json: body });
const analytics = (token: string, videoId: string) => api('GET', `/api/admin/videos/${videoId}/analytics`, { token });
const cardOf = async (u: TestUser, videoId: string) => (await api('GET', `/api/cours/lectureaaa/${free.id}`, { token: u.token })).body.data.videos.find((v: { id: string }) => v.id === videoId).watched;

/** The expected retention: 1 on the hundredths given as [from, to) ranges, 0 elsewhere. */
const curve = (...ranges: [number, number, number][]) => Array.from({ length: 100 }, (_, i) => ranges.find(([from, to]) => i >= from && i < to)?.[2] ?? 0);

describe('watching a video', () => {
  it('merges overlapping reports into seconds watched (a union), resumes at the furthest point and shows it on the card', async () => {
    const u = await makeUser();
    const v = free.videos[0]!.id;
    const { playbackId, resumeAt } = (await start(u, free.id, v)).body;
    expect(resumeAt).toBe(0);
    for (const watched of [[[0, 100]], [[50, 150]], [[200, 260], [0, 10]]]) expect((await report(u, free.id, v, { playbackId, watched })).status).toBe(200);

    expect(await cardOf(u, v)).toEqual({ percent: 35, resumeAt: 260, completed: false });
    expect((await start(u, free.id, v)).body.resumeAt).toBe(260);
    const seen = (await analytics(w.admin.token, v)).body.data;
    // Seconds 0–149 are hundredths 0–24; 200–259 are 33 (4 of its 6 seconds) to 42.
    expect(seen).toEqual({ viewers: 1, completed: 0, avgWatchedPercent: 35, retention: curve([0, 25, 1], [33, 43, 1]) });
  });

  it('completes a video at 90 %: the player then starts it from the beginning; the curve counts every viewer', async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const v = free.videos[1]!.id;
    const pa = (await start(a, free.id, v)).body.playbackId;
    expect((await report(a, free.id, v, { playbackId: pa, watched: [[0, 540]] })).status).toBe(200);
    const pb = (await start(b, free.id, v)).body.playbackId;
    expect((await report(b, free.id, v, { playbackId: pb, watched: [[0, 300]] })).status).toBe(200);

    expect(await cardOf(a, v)).toEqual({ percent: 90, resumeAt: 0, completed: true });
    expect((await start(a, free.id, v)).body.resumeAt).toBe(0);
    expect((await analytics(w.admin.token, v)).body.data).toEqual({ viewers: 2, completed: 1, avgWatchedPercent: 70, retention: curve([0, 50, 1], [50, 90, 0.5]) });
  });

  it("refuses a report for a lecture the student cannot watch, and a student's look at the figures", async () => {
    const u = await makeUser();
    expect((await start(u, paid.id, paid.videos[0]!.id)).body.code).toBe('lecture.notOwned');
    const { playbackId } = (await start(u, free.id, free.videos[0]!.id)).body;
    const foreign = await report(u, paid.id, paid.videos[0]!.id, { playbackId, watched: [[0, 60]] });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'playback.notFound']);
    const made = await report(u, free.id, free.videos[0]!.id, { playbackId: '01J00000000000000000000000', watched: [[0, 60]] });
    expect([made.status, made.body.code]).toEqual([404, 'playback.notFound']);
    expect((await analytics(u.token, paid.videos[0]!.id)).status).toBe(403);
    expect((await api('GET', `/api/admin/users/${u.id}/watching`, { token: u.token })).status).toBe(403);
  });

  it("takes a closing page's beacon without a session on the student's live playback id only, and the student page sums it", async () => {
    const [u, other] = await Promise.all([makeUser(), makeUser()]);
    const v = free.videos[0]!.id;
    const { playbackId } = (await start(u, free.id, v)).body;
    expect(await beacon(free.id, v, { userId: u.id, playbackId, watched: [[0, 30]] })).toEqual(expect.objectContaining({ status: 200, body: { data: { ok: true } } }));
    const stolen = await beacon(free.id, v, { userId: other.id, playbackId, watched: [[0, 600]] });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'playback.notFound']);
    const elsewhere = await beacon(free.id, free.videos[1]!.id, { userId: u.id, playbackId, watched: [[0, 600]] });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'playback.notFound']);

    expect(await cardOf(u, v)).toEqual({ percent: 5, resumeAt: 30, completed: false });
    const page = (await api('GET', `/api/admin/users/${u.id}/watching`, { token: w.admin.token })).body.data;
    expect(page).toEqual([{ lectureId: free.id, name: expect.any(String), seconds: 30, videos: [{ videoId: v, name: 'Part 1', seconds: 30, percent: 5, completed: false, lastAt: expect.any(String) }] }]);
  });

  it('lists the users by last active: the latest to watch first, one never active not at all', async () => {
    const [early, late, idle] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const v = free.videos[0]!.id;
    for (const u of [early, late]) {
      const { playbackId } = (await start(u, free.id, v)).body;
      expect((await report(u, free.id, v, { playbackId, watched: [[0, 20]] })).status).toBe(200);
    }
    const page = (await api('GET', '/api/admin/allusers?sort=lastActive&limit=100', { token: w.admin.token })).body;
    const ids = (page.data as { id: string }[]).map((u) => u.id);
    expect([ids.indexOf(late.id) < ids.indexOf(early.id), ids.indexOf(late.id) >= 0, ids.includes(idle.id)]).toEqual([true, true, false]);
  });
});
