/**
 * Watching (issue 42): BENCH_WATCHERS (default 1,000) students play one video and report what they
 * watched every 15 s for a minute (four reports each, each span overlapping the last by 5 s, as a
 * player's played ranges do after a small seek back), 50 connections at a time. Goals: p99 < 500 ms,
 * no 5xx, and no lost span: every student's merged seconds are the 60 they sent.
 */
import { type Judged, pool, request, timedRun } from './bench-http';

const STUDENTS = Number(process.env.BENCH_WATCHERS ?? 1000);
const REPORT_EVERY_S = 15;
const REPORTS = 4;
const json = { 'content-type': 'application/json' };

export async function watchingReports(url: string): Promise<{ row: Record<string, unknown>; judged: Judged[] }> {
  const { ddb, makeUser, platform } = await import('../test/support/platform');
  const { makeWorld, saveLecture } = await import('../test/integration/catalogue-fixtures');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const w = await makeWorld();
  const lecture = await saveLecture(w, { price: '0', isFree: 'true' }, 1);
  const videoId = lecture.videos[0]!.id;
  // A 10-minute video (the fixture's asset says 6 s), before anything reads it.
  const assetId = /^videos\/([0-9A-Z]{26})-/.exec(lecture.videos[0]!.videoUrl)![1];
  await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' }, UpdateExpression: 'SET durationSeconds = :l', ExpressionAttributeValues: { ':l': 600 } }));
  const base = `${url}/api/AWS/lectures/${lecture.id}/videos/${videoId}`;
  const students = await pool(Array.from({ length: STUDENTS }, () => () => makeUser()), 25);
  const playbacks = await pool(
    students.map((s) => async () => {
      const r = await request(`${base}/playback`, { method: 'POST', headers: { ...json, authorization: `Bearer ${s.token}` }, body: '{}' });
      if (r.status !== 200) throw new Error(`a playback start: ${r.status} ${r.text.slice(0, 200)}`);
      return (JSON.parse(r.text) as { playbackId: string }).playbackId;
    }),
    25,
  );

  const rounds = [];
  const begun = performance.now();
  for (let k = 0; k < REPORTS; k++) {
    // Each round starts on its 15 s mark (or as soon as the one before ends, should it run longer).
    const wait = begun + k * REPORT_EVERY_S * 1000 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const from = k * REPORT_EVERY_S;
    rounds.push(
      await timedRun(
        students.map((s, i) => async () => {
          const watched = [[Math.max(0, from - 5), from + REPORT_EVERY_S]];
          return (await request(`${base}/progress`, { method: 'POST', headers: { ...json, authorization: `Bearer ${s.token}` }, body: JSON.stringify({ playbackId: playbacks[i], watched }) })).status;
        }),
        50,
      ),
    );
  }
  const p99 = Math.max(...rounds.map((r) => r.p99ms));
  const p50 = Math.max(...rounds.map((r) => r.p50ms));
  const fiveXx = rounds.reduce((n, r) => n + Object.entries(r.statuses).filter(([st]) => Number(st) >= 500).reduce((m, [, c]) => m + c, 0), 0);
  const non2xx = rounds.reduce((n, r) => n + r.non2xx, 0);

  // What the teacher's student page says each one watched: all 60 s, none lost to a concurrent write.
  const seconds = await pool(
    students.map((s) => async () => {
      const r = await request(`${url}/api/admin/users/${s.id}/watching`, { headers: { authorization: `Bearer ${w.admin.token}` } });
      return (JSON.parse(r.text) as { data: { seconds: number }[] }).data[0]?.seconds ?? 0;
    }),
    50,
  );
  const exact = seconds.filter((n) => n === REPORTS * REPORT_EVERY_S).length;
  const analytics = JSON.parse((await request(`${url}/api/admin/videos/${videoId}/analytics`, { headers: { authorization: `Bearer ${w.admin.token}` } })).text) as { data: { viewers: number } };
  const row = { students: STUDENTS, reports: STUDENTS * REPORTS, rounds: rounds.map((r) => ({ totalSeconds: r.totalSeconds, reqPerSec: r.reqPerSec, p50ms: r.p50ms, p99ms: r.p99ms })), p50ms: p50, p99ms: p99, non2xx, studentsWith60s: exact, viewers: analytics.data.viewers };
  console.log(`watching: ${STUDENTS} students × ${REPORTS} reports (every ${REPORT_EVERY_S} s) @50 conn  rounds ${rounds.map((r) => `${r.totalSeconds} s p99 ${r.p99ms} ms`).join(', ')}  non-2xx ${non2xx}  students with all 60 s ${exact}  viewers ${analytics.data.viewers}`);
  return {
    row,
    judged: [
      { figure: `watching reports (${STUDENTS} students every 15 s) p99`, value: `${p99} ms (p50 ${p50} ms), ${fiveXx} 5xx`, goal: '< 500 ms, 0 5xx', holds: p99 < 500 && fiveXx === 0 },
      { figure: 'watching: merged seconds equal to those sent', value: `${exact} of ${STUDENTS}`, goal: `all ${STUDENTS}`, holds: exact === STUDENTS && non2xx === 0 },
    ],
  };
}
