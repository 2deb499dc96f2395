/**
 * The student's bell: every route (access, bad input, settings' defaults), each event — a lecture
 * saved under a course of the student's school year (one item for the year, not one per student),
 * a quiz result, a payment confirmed (once however often Paymob's callback is replayed, with its
 * mail when e-mail is on), a kiosk reference ending within 24 hours, a wallet credited — and the
 * read state (by id, all at once, and what comes after).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';
import { signObj } from '../support/paymob-reference';
import { withReconciler } from '../support/settings-lock';
import { courseForm, GENERAL, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

interface Note {
  id: string;
  type: string;
  read: boolean;
  createdAt: string;
  [field: string]: unknown;
}
const list = async (u: TestUser) => {
  const r = await api('GET', '/api/user/notifications', { token: u.token });
  expect(r.status).toBe(200);
  return r.body as { data: Note[]; unread: number };
};
const markRead = (u: TestUser, json: unknown) => api('POST', '/api/user/notifications/read', { token: u.token, json });

/** A course for one school year (or none), with its admin, and a student of that year. */
async function worldOf(schooleYear: string | undefined, admin: TestUser): Promise<World> {
  const c = await api('POST', '/api/cours/create-course', { token: admin.token, form: courseForm(schooleYear ? { schooleYear } : {}) });
  if (c.status !== 201) throw new Error(`create-course: ${c.status} ${JSON.stringify(c.body)}`);
  const termId = c.body.terms.find((t: { courseFor: string }) => t.courseFor === GENERAL).id as string;
  const sections = await api('GET', `/api/cours/content/${termId}`, { token: admin.token });
  const id = (content: string) => sections.body.data.find((s: { content: string }) => s.content === content).id as string;
  return { admin, student: admin, course: c.body, termId, lectureSectionId: id('شرح محاضرات'), quizSectionId: id('Quiz') };
}
async function studentOf(schooleYear: string) {
  const u = await makeUser();
  await setUserFields(u.id, { schooleYear });
  return u;
}

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
});

describe('access and input', () => {
  it('answers 401 to a caller without a session on every notification route', async () => {
    expect((await api('GET', '/api/user/notifications')).status).toBe(401);
    expect((await api('POST', '/api/user/notifications/read', { json: { all: true } })).status).toBe(401);
    expect((await api('GET', '/api/user/notification-settings')).status).toBe(401);
    expect((await api('PATCH', '/api/user/notification-settings', { json: { email: false } })).status).toBe(401);
  });

  it('refuses a read body that is neither {ids} nor {all: true}, and settings that are not booleans, with 400 validation', async () => {
    const u = await makeUser();
    for (const json of [{}, { ids: [] }, { all: false }, { ids: ['a'], all: true }, { ids: 'a' }]) {
      const r = await markRead(u, json);
      expect([r.status, r.body.code]).toEqual([400, 'validation']);
    }
    for (const json of [{ email: 'yes' }, { whatsapp: 1 }, { sms: true }]) {
      const r = await api('PATCH', '/api/user/notification-settings', { token: u.token, json });
      expect([r.status, r.body.code]).toEqual([400, 'validation']);
    }
    const course = await api('POST', '/api/cours/create-course', { token: admin.token, form: courseForm({ schooleYear: 'Fourth year' }) });
    expect([course.status, course.body.code]).toEqual([400, 'validation']);
  });

  it('starts a student with no notifications, e-mail on and WhatsApp off; a change keeps the other switch', async () => {
    const u = await makeUser();
    expect(await list(u)).toEqual({ data: [], unread: 0 });
    expect((await api('GET', '/api/user/notification-settings', { token: u.token })).body).toEqual({ data: { email: true, whatsapp: false } });
    const on = await api('PATCH', '/api/user/notification-settings', { token: u.token, json: { whatsapp: true } });
    expect([on.status, on.body]).toEqual([200, { data: { email: true, whatsapp: true } }]);
    const off = await api('PATCH', '/api/user/notification-settings', { token: u.token, json: { email: false } });
    expect(off.body).toEqual({ data: { email: false, whatsapp: true } });
    expect((await api('GET', '/api/user/notification-settings', { token: u.token })).body).toEqual({ data: { email: false, whatsapp: true } });
  });
});

describe('a new lecture', () => {
  it("shows in the list of a student of the course's school year, not of another year's, nor from a course with no year", async () => {
    const [second, third] = await Promise.all([studentOf('Second year'), studentOf('Third year')]);
    const w = await worldOf('Second year', admin);
    expect(w.course).toMatchObject({ schooleYear: 'Second year' });
    const lecture = await saveLecture(w, { name: uniq('Genetics ') });
    const mine = await list(second);
    expect(mine.data).toEqual([expect.objectContaining({ type: 'newLecture', lectureId: lecture.id, courseName: w.course.name, read: false })]);
    expect(mine.unread).toBe(1);
    expect((await list(third)).data.filter((n) => n.type === 'newLecture' && n.lectureId === lecture.id)).toEqual([]);

    const none = await worldOf(undefined, admin);
    const unsaid = await saveLecture(none);
    expect((await list(second)).data.map((n) => n.lectureId)).not.toContain(unsaid.id);
  });

  it('is one item for the whole year, however many students it has (written once, merged when read)', async () => {
    const year = 'First year';
    const students = await Promise.all([1, 2, 3].map(() => studentOf(year)));
    const w = await worldOf(year, admin);
    const lecture = await saveLecture(w);
    for (const s of students) expect((await list(s)).data.map((n) => n.lectureId)).toContain(lecture.id);
    const grade = await ddb().send(new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `GRADENOTES#${year}` } }));
    expect((grade.Items ?? []).filter((i) => i.lectureId === lecture.id).length).toBe(1);
    const own = await ddb().send(new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `USER#${students[0]!.id}`, ':sk': 'NOTE#' } }));
    expect(own.Items ?? []).toEqual([]);
  });

  it("a course's school year can be set when it is edited", async () => {
    const w = await worldOf(undefined, admin);
    const f = new FormData();
    f.append('schooleYear', 'Third year');
    const r = await api('PUT', `/api/cours/${w.course.id}`, { token: admin.token, form: f });
    expect([r.status, r.body.schooleYear]).toEqual([200, 'Third year']);
  });
});

describe('read state', () => {
  it('marks chosen ones read, then all; a later notification is unread again', async () => {
    const [student, other] = await Promise.all([studentOf('Third year'), studentOf('Third year')]);
    const w = await worldOf('Third year', admin);
    const [a, b] = [await saveLecture(w), await saveLecture(w)];
    const before = await list(student);
    expect(before.data.slice(0, 2).map((n) => n.lectureId)).toEqual([b.id, a.id]);
    expect(before.unread).toBe(before.data.length);
    const idA = before.data.find((n) => n.lectureId === a.id)!.id;

    const one = await markRead(student, { ids: [idA, 'not-one-of-mine'] });
    expect([one.status, one.body.data.unread]).toEqual([200, before.unread - 1]);
    const after = await list(student);
    expect(after.data.find((n) => n.id === idA)!.read).toBe(true);
    expect(after.data.find((n) => n.lectureId === b.id)!.read).toBe(false);

    const all = await markRead(student, { all: true });
    expect([all.status, all.body.data.unread]).toEqual([200, 0]);
    expect((await list(student)).data.every((n) => n.read)).toBe(true);

    const c = await saveLecture(w);
    const later = await list(student);
    expect(later.unread).toBe(1);
    expect(later.data[0]).toMatchObject({ lectureId: c.id, read: false });
    // Another student's read marks are theirs.
    expect((await list(other)).unread).toBe(later.data.length);
  });
});

describe('a quiz result', () => {
  it('tells the student their score and whether they passed', async () => {
    const student = await makeUser();
    const form = new FormData();
    const title = uniq('Cells quiz ');
    form.append('quizData', JSON.stringify({ title, description: 'd', questions: [{ text: 'Is DNA a helix?', type: 'TRUE_FALSE', options: [], correctAnswerText: 'True' }] }));
    const quiz = await api('POST', '/api/Quiz/quiz', { token: admin.token, form });
    expect(quiz.status).toBe(201);
    const q = quiz.body.data as { id: string; questions: { id: string }[] };
    const submitted = await api('POST', `/api/Quizz/submit/${q.id}`, { token: student.token, json: { answers: [{ questionId: q.questions[0]!.id, answerText: 'True' }] } });
    expect(submitted.status).toBe(200);
    expect((await list(student)).data).toEqual([expect.objectContaining({ type: 'quizResult', quizId: q.id, title, score: 1, total: 1, passed: true, read: false })]);
  });
});

describe('payments and the wallet', () => {
  let w: World;
  let lecture: Awaited<ReturnType<typeof saveLecture>>;
  beforeAll(async () => {
    w = await worldOf(undefined, admin);
    lecture = await saveLecture(w, { price: '120', accessDays: '30' });
  });
  const settings = () => platform().paymob.settings;
  const sandbox = () => platform().paymob.apiUrl;
  async function checkout(u: TestUser, outcome: 'card' | 'kiosk') {
    const link = await api('POST', `/api/user/payment-intention/${lecture.id}`, { token: u.token, json: {} });
    expect(link.status).toBe(200);
    const clientSecret = new URL(link.body.paymentUrl).searchParams.get('clientSecret')!;
    const res = await fetch(`${sandbox()}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ clientSecret, publicKey: settings().publicKey, outcome }),
      redirect: 'manual',
    });
    expect([302, 303]).toContain(res.status);
    return link.body.orderId as string;
  }
  async function transactionsOf(orderId: string) {
    const r = await fetch(`${sandbox()}/transactions.json?merchant_order_id=${encodeURIComponent(orderId)}`);
    return ((await r.json()) as { transactions: { obj: Record<string, unknown> & { id: number; pending: boolean; success: boolean; data: { bill_reference?: unknown } } }[] }).transactions;
  }
  const order = async (id: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, ConsistentRead: true }))).Item!;
  async function outboxOf(email: string) {
    const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
    return ((await r.json()) as { data: { subject: string; text: string }[] }).data.filter((m) => /payment|الدفع/i.test(m.subject));
  }
  const waitFor = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
    for (let i = 0; i < 50; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  };

  it('a payment confirmed is one notification and one mail, however often its callback is replayed', async () => {
    const student = await makeUser();
    const orderId = await checkout(student, 'card');
    expect((await waitFor(() => order(orderId), (o) => o.status === 'paid')).status).toBe('paid');
    const paid = (await transactionsOf(orderId)).find((t) => t.obj.success)!.obj;
    for (let i = 0; i < 3; i++) {
      const replay = await api('POST', `/api/payments/paymob/webhook?hmac=${signObj(paid, settings().hmacSecret)}`, { json: { type: 'TRANSACTION', obj: paid } });
      expect(replay.status).toBe(200);
    }
    const notes = (await list(student)).data.filter((n) => n.type === 'paymentConfirmed');
    expect(notes).toEqual([expect.objectContaining({ orderId, name: expect.stringContaining('Lecture'), amount: 120, read: false })]);
    const mails = await outboxOf(student.email);
    expect(mails.length).toBe(1);
    expect(mails[0]!.text).toContain(orderId);
  });

  it('a payment confirmed is one WhatsApp message when the student turned WhatsApp on (none when off), however often replayed', async () => {
    const whatsAppTo = async (to: string) => (await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(to)}`)).body.data as { template: string; language: string; params: string[] }[];
    const [on, off] = await Promise.all([makeUser(), makeUser()]);
    const numbers = [on, off].map(() => `+20101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await Promise.all([setUserFields(on.id, { mobileNumber: numbers[0], locale: 'ar' }), setUserFields(off.id, { mobileNumber: numbers[1] })]);
    expect((await api('PATCH', '/api/user/notification-settings', { token: on.token, json: { whatsapp: true } })).status).toBe(200);
    const [paidOn, paidOff] = await Promise.all([checkout(on, 'card'), checkout(off, 'card')]);
    await Promise.all([waitFor(() => order(paidOn), (o) => o.status === 'paid'), waitFor(() => order(paidOff), (o) => o.status === 'paid')]);
    const paid = (await transactionsOf(paidOn)).find((t) => t.obj.success)!.obj;
    for (let i = 0; i < 3; i++) await api('POST', `/api/payments/paymob/webhook?hmac=${signObj(paid, settings().hmacSecret)}`, { json: { type: 'TRANSACTION', obj: paid } });
    const sent = await whatsAppTo(numbers[0]!);
    expect(sent).toEqual([expect.objectContaining({ template: 'payment_confirmed', language: 'ar', params: [expect.stringContaining('Lecture'), '120'] })]);
    expect(await whatsAppTo(numbers[1]!)).toEqual([]);
  });

  it('no payment mail when the student turned e-mail off (the bell still tells)', async () => {
    const student = await makeUser();
    await api('PATCH', '/api/user/notification-settings', { token: student.token, json: { email: false } });
    const orderId = await checkout(student, 'card');
    await waitFor(() => order(orderId), (o) => o.status === 'paid');
    expect((await list(student)).data.map((n) => n.type)).toEqual(['paymentConfirmed']);
    expect(await outboxOf(student.email)).toEqual([]);
  });

  it('a kiosk reference shows when its hold ends within 24 hours, and not before', async () => {
    const student = await makeUser();
    const orderId = await checkout(student, 'kiosk');
    const o = await order(orderId);
    expect(o.status).toBe('pending');
    expect((await list(student)).data.filter((n) => n.type === 'kioskExpiring')).toEqual([]);

    const holdUntil = new Date(Date.now() + 10 * 60 * 60 * 1000).toISOString();
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${orderId}`, SK: 'ORDER' }, UpdateExpression: 'SET holdUntil = :h', ExpressionAttributeValues: { ':h': holdUntil } }));
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${student.id}`, SK: 'PROFILE#ORDERS' }, UpdateExpression: 'SET #o = :h', ExpressionAttributeNames: { '#o': `o_${orderId}` }, ExpressionAttributeValues: { ':h': holdUntil } }),
    );
    const soon = await list(student);
    expect(soon.data).toEqual([expect.objectContaining({ type: 'kioskExpiring', id: `kiosk-${orderId}`, orderId, lectureId: lecture.id, reference: o.kioskReference, expiresAt: holdUntil, amount: 120, read: false })]);
    expect(soon.unread).toBe(1);
    expect((await markRead(student, { ids: [`kiosk-${orderId}`] })).body.data.unread).toBe(0);
    expect((await list(student)).data[0]!.read).toBe(true);
  });

  it('a kiosk reference ending within 24 hours: the reconciler sends kiosk_reference_expiring once to a student who turned WhatsApp on, none to one who did not', () =>
    withReconciler(async () => {
      const whatsAppTo = async (to: string) => (await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(to)}`)).body.data as { template: string; params: string[] }[];
      const [on, off] = await Promise.all([makeUser(), makeUser()]);
      const numbers = [on, off].map(() => `+20101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
      await Promise.all([setUserFields(on.id, { mobileNumber: numbers[0] }), setUserFields(off.id, { mobileNumber: numbers[1] })]);
      expect((await api('PATCH', '/api/user/notification-settings', { token: on.token, json: { whatsapp: true } })).status).toBe(200);
      const orders = await Promise.all([checkout(on, 'kiosk'), checkout(off, 'kiosk')]);
      const far = await api('POST', '/_local/reconcile');
      expect(far.status).toBe(200);
      // Days left on the reference: nothing yet.
      expect(await whatsAppTo(numbers[0]!)).toEqual([]);

      const holdUntil = new Date(Date.now() + 10 * 60 * 60 * 1000).toISOString();
      for (const id of orders) {
        await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ORDER#${id}`, SK: 'ORDER' }, UpdateExpression: 'SET holdUntil = :h', ExpressionAttributeValues: { ':h': holdUntil } }));
      }
      for (let run = 0; run < 2; run++) expect((await api('POST', '/_local/reconcile')).status).toBe(200);
      const reference = (await order(orders[0]!)).kioskReference;
      expect(await whatsAppTo(numbers[0]!)).toEqual([expect.objectContaining({ template: 'kiosk_reference_expiring', params: [reference, '120', expect.any(String)] })]);
      expect(await whatsAppTo(numbers[1]!)).toEqual([]);
    }));

  it("a wallet credited by the teacher or by a recharge code (a debit says nothing)", async () => {
    const student = await makeUser();
    expect((await api('POST', `/api/admin/users/${student.id}/wallet`, { token: admin.token, json: { amount: 40, reason: 'Prize' } })).status).toBe(200);
    expect((await api('POST', `/api/admin/users/${student.id}/wallet`, { token: admin.token, json: { amount: -5, reason: 'Fix' } })).status).toBe(200);
    const batch = await api('POST', '/api/admin/codes/batches', { token: admin.token, json: { label: uniq('Shop '), count: 1, value: 25 } });
    expect(batch.status).toBe(201);
    const csv = await fetch(`${platform().url}/api/admin/codes/batches/${batch.body.data.id}/codes.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    const code = (await csv.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n')[1]!.split(',')[0]!;
    expect((await api('POST', '/api/wallet/redeem', { token: student.token, json: { code } })).status).toBe(200);
    const notes = (await list(student)).data;
    expect(notes.map((n) => [n.type, n.amount, n.reason])).toEqual([
      ['walletCredited', 25, 'code'],
      ['walletCredited', 40, 'adjustment'],
    ]);
  });
});
