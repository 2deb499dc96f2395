/**
 * The weekly report on the stand-ins (issue 43 item 4), run as the Friday schedule runs it, through
 * POST /_local/reports/weekly?now=: each parent gets one e-mail (in their language) and one WhatsApp
 * template message with each child's week — watch time, quizzes (a real submit through the API),
 * lectures bought (a real grant through the API), a line when nothing happened — and an opt-out link;
 * a switched-off channel is not sent; a second run sends nothing twice; a refused WhatsApp send is
 * recorded and not retried; the opt-out link switches exactly its channel off, a bad one changes nothing.
 *
 * The parents' items (PARENTS, the CHILD#/PARENT# links, WATCHDAY#) are written with the contract's keys
 * (the parents' sign-up and the watch-time writes are another part of the issue).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';
import { makeQuiz, makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(180_000);

const put = (Item: Record<string, unknown>) => ddb().send(new PutCommand({ TableName: platform().tableName, Item }));
const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(d);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// The run on the first Friday after today reports the Friday-to-Thursday week holding today.
const today = dayOf(new Date());
const friday = (() => {
  let d = addDays(today, 1);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 5) d = addDays(d, 1);
  return d;
})();
const week = { from: addDays(friday, -7), to: addDays(friday, -1) };
const runAt = `${friday}T16:00:00.000Z`; // 18:00 in Cairo

const number = () => `+20101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

interface Parent extends TestUser {
  mobile: string;
}
/** A parent (the contract's record fields and PARENTS item) linked to these children, both sides. */
async function makeParent(children: TestUser[], fields: { locale?: 'ar' | 'en'; mobileNumber?: string; reportEmail?: boolean; reportWhatsApp?: boolean; firstName?: string } = {}): Promise<Parent> {
  const parent = await makeUser({ firstName: fields.firstName ?? 'Mona' });
  const mobile = fields.mobileNumber ?? number();
  await setUserFields(parent.id, { role: 'PARENT', locale: fields.locale ?? 'en', mobileNumber: mobile, ...fields });
  const linkedAt = new Date().toISOString();
  await put({ PK: 'PARENTS', SK: parent.id, parentId: parent.id, createdAt: linkedAt });
  for (const c of children) {
    await put({ PK: `USER#${c.id}`, SK: `PARENT#${parent.id}`, parentId: parent.id, linkedAt });
    await put({ PK: `USER#${parent.id}`, SK: `CHILD#${c.id}`, studentId: c.id, linkedAt });
  }
  return { ...parent, mobile };
}
const watchDay = (studentId: string, day: string, seconds: number) => put({ PK: `USER#${studentId}`, SK: `WATCHDAY#${day}`, seconds });

const run = async () => {
  const r = await api('POST', `/_local/reports/weekly?now=${runAt}`);
  expect(r.status).toBe(200);
  return r.body as { week: { from: string; to: string }; email: Record<string, number>; whatsapp: Record<string, number> };
};
const mailsTo = async (email: string) => (await api('GET', `/_local/outbox.json?to=${encodeURIComponent(email)}`)).body.data as { subject: string; text: string }[];
const whatsAppTo = async (to: string) => (await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(to)}`)).body.data as { template: string; language: string; params: string[]; text: string }[];
const userRecord = async (id: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${id}`, SK: 'PROFILE' } }))).Item!;
const stopLinkIn = (text: string) => new URL(/https?:\/\/\S+\/api\/reports\/stop\?\S+/.exec(text)![0]);

let w: World;
let active: TestUser;
let quiet: TestUser;
let quizTitle: string;
let lectureName: string;
let en: Parent;
let ar: Parent;
let noMail: Parent;
let noWhatsApp: Parent;
let absent: Parent;
let first: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  w = await makeWorld();
  active = await makeUser({ firstName: uniq('Ali') });
  quiet = await makeUser({ firstName: uniq('Sara') });
  // A real quiz result: the student submits through the API.
  const quiz = await makeQuiz(w.admin);
  quizTitle = quiz.title;
  const whole = await api('GET', `/api/Quizz/${quiz.id}`, { token: w.admin.token });
  const q = whole.body.data.questions[0] as { id: string };
  expect((await api('GET', `/api/Quizz/${quiz.id}`, { token: active.token })).status).toBe(200);
  expect((await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: active.token, json: { answers: [{ questionId: q.id, answerText: 'True' }] } })).status).toBe(200);
  // A real purchase: the teacher grants a lecture through the API.
  lectureName = uniq('Genetics ');
  const lecture = await saveLecture(w, { name: lectureName });
  expect((await api('POST', '/api/admin/grant-lecture', { token: w.admin.token, json: { email: active.email, lectureName, lectureId: lecture.id } })).status).toBe(200);
  // 30 + 10 minutes in the week; a day before it does not count.
  await Promise.all([watchDay(active.id, week.from, 1800), watchDay(active.id, week.to, 600), watchDay(active.id, addDays(week.from, -1), 3600)]);

  en = await makeParent([active, quiet]);
  ar = await makeParent([active], { locale: 'ar', firstName: 'منى' });
  noMail = await makeParent([quiet], { reportEmail: false });
  noWhatsApp = await makeParent([quiet], { reportWhatsApp: false });
  absent = await makeParent([quiet], { mobileNumber: `+2010000${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}` });
  first = await run();
});

describe('the weekly run', () => {
  it("reports the Friday-to-Thursday week before the run's Friday", () => {
    expect(first.week).toEqual(week);
    expect(first.email.sent).toBeGreaterThanOrEqual(4);
    expect(first.whatsapp.sent).toBeGreaterThanOrEqual(3);
  });

  it("mails each child's week in the parent's language: watch time, quizzes, lectures bought, and a line when nothing happened", async () => {
    const [mail, ...more] = await mailsTo(en.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your Bioscope weekly report (${week.from} – ${week.to})`);
    expect(mail!.text).toContain('Watched: 40 min');
    expect(mail!.text).toContain(`${quizTitle}: 100% (passed)`);
    expect(mail!.text).toContain(`Lectures bought: ${lectureName}`);
    expect(mail!.text).toContain('Nothing happened this week: no watching, no quizzes, no new lectures.');
    expect(stopLinkIn(mail!.text).searchParams.get('c')).toBe('email');
    const [arabic] = await mailsTo(ar.email);
    expect(arabic!.subject).toBe(`تقرير Bioscope الأسبوعي (${week.from} – ${week.to})`);
    expect(arabic!.text).toContain('وقت المشاهدة: 40 دقيقة');
    expect(arabic!.text).toContain(`${quizTitle}: 100% (ناجح)`);
  });

  it("sends one weekly_report template message to the parent's number, in their language, with the opt-out link", async () => {
    const [m, ...more] = await whatsAppTo(en.mobile);
    expect(more).toEqual([]);
    expect(m).toMatchObject({ template: 'weekly_report', language: 'en' });
    expect(m!.params[0]).toBe('Mona');
    expect(m!.params[1]).toContain(`watched 40 min, ${quizTitle}: 100% (passed), new lectures: ${lectureName}`);
    expect(m!.params[1]).toContain('nothing happened this week');
    expect(new URL(m!.params[2]!).searchParams.get('c')).toBe('whatsapp');
    expect((await whatsAppTo(ar.mobile))[0]).toMatchObject({ template: 'weekly_report', language: 'ar', params: ['منى', expect.stringContaining('شاهد 40 دقيقة'), expect.any(String)] });
  });

  it('sends nothing on a channel the parent switched off', async () => {
    expect(await mailsTo(noMail.email)).toEqual([]);
    expect(await whatsAppTo(noMail.mobile)).toHaveLength(1);
    expect(await mailsTo(noWhatsApp.email)).toHaveLength(1);
    expect(await whatsAppTo(noWhatsApp.mobile)).toEqual([]);
  });

  it('records a refused WhatsApp send (131026) and does not retry it', async () => {
    const marker = async () => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${absent.id}`, SK: `WEEKLYREPORT#${week.to}#whatsapp` } }))).Item;
    expect(await marker()).toMatchObject({ status: 'failed', code: 131026 });
    expect(await mailsTo(absent.email)).toHaveLength(1);
  });

  it('run twice, sends nothing twice', async () => {
    const again = await run();
    expect(again.email.sent).toBe(0);
    expect(again.whatsapp.sent).toBe(0);
    expect(again.whatsapp.failed).toBe(0);
    expect(again.email.alreadySent).toBeGreaterThanOrEqual(4);
    for (const p of [en, ar, noWhatsApp, absent]) expect(await mailsTo(p.email)).toHaveLength(1);
    for (const p of [en, ar, noMail]) expect(await whatsAppTo(p.mobile)).toHaveLength(1);
  });
});

describe('the opt-out link', () => {
  it('switches off exactly its channel and answers a page in the parent language', async () => {
    const link = stopLinkIn((await mailsTo(ar.email))[0]!.text);
    const r = await api('GET', `${link.pathname}${link.search}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(r.body)).toContain('تم إيقاف التقرير الأسبوعي');
    expect(await userRecord(ar.id)).toMatchObject({ reportEmail: false });
    expect((await userRecord(ar.id)).reportWhatsApp).toBeUndefined();
    const waLink = new URL((await whatsAppTo(en.mobile))[0]!.params[2]!);
    expect((await api('GET', `${waLink.pathname}${waLink.search}`)).status).toBe(200);
    expect(await userRecord(en.id)).toMatchObject({ reportWhatsApp: false });
    expect((await userRecord(en.id)).reportEmail).toBeUndefined();
  });

  it('refuses a bad token, another channel or another parent with 400 report.linkInvalid, changing nothing', async () => {
    const link = stopLinkIn((await mailsTo(noWhatsApp.email))[0]!.text);
    const t = link.searchParams.get('t')!;
    const tries = [
      `?p=${noWhatsApp.id}&c=email&t=${t.slice(0, -1)}x`,
      `?p=${noWhatsApp.id}&c=whatsapp&t=${t}`,
      `?p=${absent.id}&c=email&t=${t}`,
      `?p=${noWhatsApp.id}&c=email&t=`,
    ];
    for (const q of tries) {
      const r = await api('GET', `/api/reports/stop${q}`);
      expect({ q, status: r.status }).toEqual({ q, status: 400 });
    }
    expect((await api('GET', `/api/reports/stop?p=${noWhatsApp.id}&c=email&t=${t.slice(0, -1)}x`)).body).toMatchObject({ code: 'report.linkInvalid' });
    expect((await userRecord(noWhatsApp.id)).reportEmail).toBeUndefined();
    expect((await userRecord(absent.id)).reportEmail).toBeUndefined();
  });
});
