/**
 * A whole class reading: every student read at 50 and 200 connections (autocannon), each request
 * from the next of BENCH_CLASS (default 200) students. Goals: p99 < 100 ms at 50 connections,
 * p99 < 500 ms at 200, no error.
 *
 * The class: a course made through the API; a paid lecture of three videos whose first two have a
 * quiz; every student owns it (the teacher's grant) and has passed the first quiz, so a lecture open
 * reads the purchase, the quiz gate and signs two video URLs, as in a real term.
 */
import autocannon from 'autocannon';
import { type Judged, pool } from './bench-http';

export const CLASS_GOALS = { p99At50Ms: 100, p99At200Ms: 500 } as const;

interface Fixture {
  courseId: string;
  courseFor: string;
  termId: string;
  sectionId: string;
  lectureId: string;
  quizIds: string[];
  tokens: string[];
}

/** The student reads, as the web client calls them. */
const READS: { name: string; path: (f: Fixture) => string }[] = [
  { name: 'catalogue', path: () => '/api/cours/all' },
  { name: 'terms of a course', path: (f) => `/api/cours/Term/${encodeURIComponent(f.courseFor)}/${f.courseId}` },
  { name: 'content (sections of a term)', path: (f) => `/api/cours/content/${f.termId}` },
  { name: 'lectures of a section', path: (f) => `/api/cours/lecture/${f.sectionId}` },
  { name: 'lecture open', path: (f) => `/api/cours/lectureaaa/${f.lectureId}` },
  { name: 'quiz open', path: (f) => `/api/Quizz/${f.quizIds[1]}` },
  { name: 'my lectures', path: () => '/api/AWS/get-purched' },
];

async function makeClass(students: number): Promise<Fixture> {
  const { api, makeUser } = await import('../test/support/platform');
  const fx = await import('../test/integration/catalogue-fixtures');
  const w = await fx.makeWorld();
  const quizzes = [await fx.makeQuiz(w.admin), await fx.makeQuiz(w.admin)];
  const videoUrls = await Promise.all(
    [quizzes[0]!.id, quizzes[1]!.id, null].map(async (quizId, i) => ({ videoUrl: await fx.uploadedVideo(), videoName: `Part ${i + 1}`, quizId })),
  );
  const lecture = await fx.saveLecture(w, { videoUrls: JSON.stringify(videoUrls) });
  const term = w.course.terms.find((t) => t.id === w.termId)!;
  const users = await pool(Array.from({ length: students }, () => () => makeUser()), 25);
  const first = quizzes[0]!.id;
  await pool(
    users.map((u) => async () => {
      const granted = await api('POST', '/api/admin/grant-lecture', { token: w.admin.token, json: { email: u.email, lectureName: 'x', lectureId: lecture.id } });
      if (granted.status >= 300) throw new Error(`grant: ${granted.status} ${JSON.stringify(granted.body)}`);
      const quiz = await api('GET', `/api/Quizz/${first}`, { token: u.token });
      const answers = (quiz.body.data.questions as { id: string }[]).map((q) => ({ questionId: q.id, answerText: 'True' }));
      const sent = await api('POST', `/api/Quizz/submit/${first}`, { token: u.token, json: { answers } });
      if (sent.status !== 200) throw new Error(`submit: ${sent.status} ${JSON.stringify(sent.body)}`);
    }),
    25,
  );
  return { courseId: w.course.id, courseFor: term.courseFor, termId: w.termId, sectionId: w.lectureSectionId, lectureId: lecture.id, quizIds: quizzes.map((q) => q.id), tokens: users.map((u) => u.token) };
}

/** `path` for `seconds` at `connections`, each request from the next student of the class. */
function hit(url: string, path: string, tokens: string[], connections: number, seconds: number) {
  let i = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` } }) }],
  });
}

/** Measures every read; answers the rows for last.json and the goals judged. */
export async function classReads(url: string, seconds: number): Promise<{ rows: Record<string, unknown>; judged: Judged[] }> {
  const students = Number(process.env.BENCH_CLASS ?? 200);
  const t0 = performance.now();
  const f = await makeClass(students);
  console.log(`student reads: a class of ${students} students (made in ${((performance.now() - t0) / 1000).toFixed(0)} s), each request from the next student`);
  const rows: Record<string, unknown> = {};
  const judged: Judged[] = [];
  for (const read of READS) {
    const path = read.path(f);
    await hit(url, path, f.tokens, 50, 3); // warm-up: the platform's caches and V8's compiler, as a class in its second minute
    const at: Record<number, { reqPerSec: number; p50ms: number; p99ms: number; non2xx: number; errors: number }> = {};
    for (const connections of [50, 200]) {
      const r = await hit(url, path, f.tokens, connections, seconds);
      at[connections] = { reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
    }
    const [a, b] = [at[50]!, at[200]!];
    const failed = a.non2xx + a.errors + b.non2xx + b.errors;
    rows[`student read: ${read.name}`] = { path: path.replace(/[0-9a-f-]{36}/g, '{id}'), at50: a, at200: b };
    judged.push(
      { figure: `${read.name} p99 @50`, value: `${a.p99ms} ms (p50 ${a.p50ms})`, goal: `< ${CLASS_GOALS.p99At50Ms} ms`, holds: a.p99ms < CLASS_GOALS.p99At50Ms },
      { figure: `${read.name} p99 @200`, value: `${b.p99ms} ms (p50 ${b.p50ms})`, goal: `< ${CLASS_GOALS.p99At200Ms} ms`, holds: b.p99ms < CLASS_GOALS.p99At200Ms },
      { figure: `${read.name} errors`, value: String(failed), goal: '0', holds: failed === 0 },
    );
    console.log(
      `${read.name.padEnd(30)} @50  ${String(a.reqPerSec).padStart(5)} req/s  p50 ${String(a.p50ms).padStart(4)} ms  p99 ${String(a.p99ms).padStart(4)} ms | ` +
        `@200 ${String(b.reqPerSec).padStart(5)} req/s  p50 ${String(b.p50ms).padStart(5)} ms  p99 ${String(b.p99ms).padStart(5)} ms | non-2xx ${a.non2xx + b.non2xx} errors ${a.errors + b.errors}`,
    );
  }
  return { rows, judged };
}
