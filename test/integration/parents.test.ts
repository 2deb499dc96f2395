/**
 * Parents (issue 43, docs/parents.md): a student's invite code, a parent's sign-up with it and further
 * children linked with one, the parent's list and report of a child, the report switches, the teacher's
 * view and unlink, deletion, and the role boundaries — against the real platform.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { cairoDay } from '../../shared/calendar';
import { api, cognito, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';
import { makeQuiz, makeWorld, saveLecture, type World } from './catalogue-fixtures';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rdOk';
const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const mobile = () => `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
const newParent = (parentCode: string) => ({
  role: 'PARENT',
  parentCode,
  firstName: 'Hoda',
  lastName: 'Saleh',
  email: `${uniq('pa')}@test.local`,
  password: PASSWORD,
  confirm: PASSWORD,
  mobileNumber: mobile(),
  locale: 'ar',
});
const signUp = (body: unknown) => apiFrom(freshSource(), 'POST', '/api/auth/signup', body);
const invite = (u: TestUser) => api('POST', '/api/user/parent-invite', { token: u.token });
const item = async (PK: string, SK: string) => (await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;
const partition = async (PK: string, prefix: string) =>
  (await ddb().send(new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': PK, ':p': prefix }, ConsistentRead: true }))).Items ?? [];
const idOfEmail = async (email: string) => (await item(`EMAIL#${email.toLowerCase()}`, 'EMAIL'))?.userId as string | undefined;

async function mailsTo(email: string): Promise<{ link?: string }[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: { link?: string }[] }).data;
}

/** A parent signed up with the code, activated by the mailed link and logged in. */
async function parentWith(code: string): Promise<TestUser & { email: string }> {
  const p = newParent(code);
  const r = await signUp(p);
  if (r.status !== 201) throw new Error(`parent sign-up: ${r.status} ${JSON.stringify(r.body)}`);
  const [mail] = await mailsTo(p.email);
  await fetch(mail!.link!, { redirect: 'manual' });
  const login = await apiFrom(freshSource(), 'POST', '/api/auth/login', { identifier: p.email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`parent log-in: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body.data.id, email: p.email, token: login.body.data.token } as TestUser & { email: string };
}

const codeOf = async (u: TestUser) => (await invite(u)).body.data.code as string;

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

describe('POST /api/user/parent-invite', () => {
  it('gives the student an 8-character code valid 7 days; a new one replaces the unused one', async () => {
    const s = await makeUser();
    const before = Date.now();
    const r = await invite(s);
    expect(r.status).toBe(201);
    expect(r.body.data.code).toMatch(CODE);
    const days = (Date.parse(r.body.data.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const second = (await invite(s)).body.data.code as string;
    expect(second).not.toBe(r.body.data.code);
    const old = await signUp(newParent(r.body.data.code));
    expect([old.status, old.body.code]).toEqual([400, 'parent.codeInvalid']);
  });
});

describe('a parent signs up with the code', () => {
  it('makes a PARENT without a school year, linked to the child once; the log-in says PARENT', async () => {
    const s = await makeUser({ firstName: 'Omar' });
    const code = await codeOf(s);
    const p = await parentWith(code);

    const record = await item(`USER#${p.id}`, 'PROFILE');
    expect(record).toMatchObject({ role: 'PARENT', firstName: 'Hoda', activated: true });
    expect(record).not.toHaveProperty('schooleYear');
    expect(await item(`USER#${s.id}`, `PARENT#${p.id}`)).toMatchObject({ parentId: p.id });
    expect(await item(`USER#${p.id}`, `CHILD#${s.id}`)).toMatchObject({ studentId: s.id });
    expect(await item('PARENTS', p.id)).toMatchObject({ parentId: p.id });
    const login = await apiFrom(freshSource(), 'POST', '/api/auth/login', { identifier: p.email, password: PASSWORD });
    expect(login.body.data.role).toBe('PARENT');

    const children = await api('GET', '/api/parent/children', { token: p.token });
    expect(children.status).toBe(200);
    // Never signed in through the log-in nor watched: not active yet.
    expect(children.body.data).toEqual([{ id: s.id, firstName: 'Omar', lastName: 'User', schooleYear: null, lastActiveAt: null, linkedAt: expect.any(String) }]);

    const used = await signUp(newParent(code));
    expect([used.status, used.body.code]).toEqual([400, 'parent.codeInvalid']);
  });

  it('takes the code in any case, with or without the dash, in Arabic digits', async () => {
    const s = await makeUser();
    const code = await codeOf(s);
    const arabic = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase().replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const r = await signUp(newParent(arabic));
    expect(r.status).toBe(201);
    expect(await partition(`USER#${s.id}`, 'PARENT#')).toHaveLength(1);
  });

  it('refuses a bad or expired code with 400 before anything is made: no record, no pool user', async () => {
    const s = await makeUser();
    const code = await codeOf(s);
    await ddb().send(
      new UpdateCommand({ TableName: platform().tableName, Key: { PK: `PARENTINVITE#${code}`, SK: 'PARENTINVITE' }, UpdateExpression: 'SET validUntil = :t', ExpressionAttributeValues: { ':t': new Date(Date.now() - 1000).toISOString() } }),
    );
    for (const bad of [code, 'ZZZZZZZZ', 'short']) {
      const p = newParent(bad);
      const r = await signUp(p);
      expect([r.status, r.body.code]).toEqual([400, 'parent.codeInvalid']);
      expect(await idOfEmail(p.email)).toBeUndefined();
      await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: p.email }))).rejects.toThrow();
    }
    const noCode = await signUp({ ...newParent('x'), parentCode: undefined });
    expect(noCode.status).toBe(400);
  });

  it('links one parent when two sign up with the same code at once; the other is refused and left with nothing', async () => {
    const s = await makeUser();
    const code = await codeOf(s);
    const [a, b] = [newParent(code), newParent(code)];
    const answers = await Promise.all([signUp(a), signUp(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await partition(`USER#${s.id}`, 'PARENT#')).toHaveLength(1);
    const loser = answers[0]!.status === 400 ? a : b;
    expect(await idOfEmail(loser.email)).toBeUndefined();
    await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: loser.email }))).rejects.toThrow();
  });
});

describe('POST /api/parent/children', () => {
  it('links another child with its code; a bad code 400, a child linked already 409', async () => {
    const [s1, s2] = await Promise.all([makeUser({ firstName: 'Ali' }), makeUser({ firstName: 'Mona' })]);
    const p = await parentWith(await codeOf(s1));
    const r = await api('POST', '/api/parent/children', { token: p.token, json: { code: await codeOf(s2) } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ id: s2.id, firstName: 'Mona' });
    const list = (await api('GET', '/api/parent/children', { token: p.token })).body.data as { id: string }[];
    expect(list.map((c) => c.id).sort()).toEqual([s1.id, s2.id].sort());

    const bad = await api('POST', '/api/parent/children', { token: p.token, json: { code: 'ZZZZ-ZZZZ' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'parent.codeInvalid']);
    const again = await api('POST', '/api/parent/children', { token: p.token, json: { code: await codeOf(s1) } });
    expect([again.status, again.body.code]).toEqual([409, 'parent.alreadyLinked']);
  });

  it('stops at four parents per student: no fifth invite, no fifth link', async () => {
    const s = await makeUser();
    for (let i = 0; i < 3; i++) await parentWith(await codeOf(s));
    // An invite made at three parents, met by a fourth link made meanwhile: it links nobody.
    const late = await codeOf(s);
    await parentWith(await codeOf(await makeUser()));
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${s.id}`, SK: 'PARENTS' }, UpdateExpression: 'SET n = :four', ExpressionAttributeValues: { ':four': 4 } }));
    const p = newParent(late);
    const refused = await signUp(p);
    expect([refused.status, refused.body.code]).toEqual([409, 'parent.tooMany']);
    expect(await idOfEmail(p.email)).toBeUndefined();
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `USER#${s.id}`, SK: 'PARENTS' }, UpdateExpression: 'SET n = :three', ExpressionAttributeValues: { ':three': 3 } }));

    await parentWith(late);
    expect(await partition(`USER#${s.id}`, 'PARENT#')).toHaveLength(4);
    expect(await item(`USER#${s.id}`, 'PARENTS')).toMatchObject({ n: 4 });
    const fifth = await invite(s);
    expect([fifth.status, fifth.body.code]).toEqual([409, 'parent.tooMany']);
  });
});

describe('role boundaries', () => {
  let s: TestUser;
  let p: TestUser;
  beforeAll(async () => {
    s = await makeUser();
    p = await parentWith(await codeOf(s));
  });

  it('a parent gets 403 parent.notStudent on a student route and 403 admin.only on an admin route', async () => {
    const student = await api('GET', '/api/AWS/get-purched', { token: p.token });
    expect([student.status, student.body.code]).toEqual([403, 'parent.notStudent']);
    const inviteAsParent = await invite(p);
    expect([inviteAsParent.status, inviteAsParent.body.code]).toEqual([403, 'parent.notStudent']);
    const admin = await api('GET', '/api/admin/allusers', { token: p.token });
    expect([admin.status, admin.body.code]).toEqual([403, 'admin.only']);
  });

  it('a student and an admin get 403 parent.only on a parent route', async () => {
    for (const token of [s.token, w.admin.token]) {
      const r = await api('GET', '/api/parent/children', { token });
      expect([r.status, r.body.code]).toEqual([403, 'parent.only']);
    }
  });

  it('a parent reads and edits their own account and logs out', async () => {
    const profile = await api('GET', '/api/user/profile', { token: p.token });
    expect([profile.status, profile.body.data.firstName]).toEqual([200, 'Hoda']);
    const renamed = await api('PATCH', '/api/user/update', { token: p.token, json: { firstName: 'Hala', lastName: 'Saleh' } });
    expect([renamed.status, renamed.body.data.firstName]).toEqual([200, 'Hala']);
    const out = await api('POST', '/api/auth/logout', { token: p.token });
    expect(out.status).toBe(200);
    expect((await api('GET', '/api/parent/children', { token: p.token })).status).toBe(401);
  });
});

describe('GET /api/parent/children/{studentId}/report', () => {
  it("shows the child's lectures, this week's new seconds watched, quiz results and last activity; nobody else's child", async () => {
    const s = await makeUser({ firstName: 'Youssef' });
    const p = await parentWith(await codeOf(s));
    const lecture = await saveLecture(w, {}, 1);
    // A 10-minute video (the uploaded stand-in's asset is a few seconds long).
    const assetId = /^videos\/([0-9A-Z]{26})-/.exec(lecture.videos[0]!.videoUrl)![1];
    await ddb().send(new UpdateCommand({ TableName: platform().tableName, Key: { PK: `ASSET#${assetId}`, SK: 'ASSET' }, UpdateExpression: 'SET durationSeconds = :l', ExpressionAttributeValues: { ':l': 600 } }));
    const granted = await api('POST', '/api/admin/grant-lecture', { token: w.admin.token, json: { email: s.email, lectureName: 'x', lectureId: lecture.id } });
    expect(granted.status).toBe(200);

    const v = lecture.videos[0]!.id;
    const { playbackId } = (await api('POST', `/api/AWS/lectures/${lecture.id}/videos/${v}/playback`, { token: s.token, json: {} })).body;
    for (const watched of [[[0, 100]], [[50, 150]], [[0, 150]]]) {
      expect((await api('POST', `/api/AWS/lectures/${lecture.id}/videos/${v}/progress`, { token: s.token, json: { playbackId, watched } })).status).toBe(200);
    }
    expect((await api('POST', `/api/AWS/lectures/${lecture.id}/videos/${v}/progress/beacon`, { json: { userId: s.id, playbackId, watched: [[140, 160]] } })).status).toBe(200);
    expect(await item(`USER#${s.id}`, `WATCHDAY#${cairoDay(new Date())}`)).toMatchObject({ seconds: 160 });

    const quiz = await makeQuiz(w.admin);
    const taken = await api('GET', `/api/Quizz/${quiz.id}`, { token: s.token });
    const questionId = taken.body.data.questions[0].id as string;
    expect((await api('POST', `/api/Quizz/submit/${quiz.id}`, { token: s.token, json: { answers: [{ questionId, answerText: 'True' }] } })).status).toBe(200);

    const r = await api('GET', `/api/parent/children/${s.id}/report`, { token: p.token });
    expect(r.status).toBe(200);
    const today = cairoDay(new Date());
    expect(r.body.data.child).toMatchObject({ id: s.id, firstName: 'Youssef' });
    expect(r.body.data.lectures).toEqual([{ id: lecture.id, name: expect.any(String), courseName: w.course.name, purchasedAt: granted.body.data.purchaseDate, expiresAt: granted.body.data.expiryDate }]);
    expect(r.body.data.weeks).toHaveLength(8);
    expect(r.body.data.weeks[0]).toEqual({ from: new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10), to: today, watchedSeconds: 160 });
    expect(r.body.data.weeks.slice(1).map((x: { watchedSeconds: number }) => x.watchedSeconds)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(r.body.data.quizResults).toEqual([{ quizId: quiz.id, title: quiz.title, score: 1, total: 1, passed: true, date: expect.any(String) }]);
    expect(typeof r.body.data.lastActiveAt).toBe('string');

    const other = await makeUser();
    const foreign = await api('GET', `/api/parent/children/${other.id}/report`, { token: p.token });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'parent.notYourChild']);
  });
});

describe('/api/parent/settings', () => {
  it('answers both switches on by default and keeps a change of one', async () => {
    const p = await parentWith(await codeOf(await makeUser()));
    expect((await api('GET', '/api/parent/settings', { token: p.token })).body).toEqual({ data: { reportEmail: true, reportWhatsApp: true } });
    const r = await api('PATCH', '/api/parent/settings', { token: p.token, json: { reportWhatsApp: false } });
    expect([r.status, r.body]).toEqual([200, { data: { reportEmail: true, reportWhatsApp: false } }]);
    expect((await api('GET', '/api/parent/settings', { token: p.token })).body).toEqual({ data: { reportEmail: true, reportWhatsApp: false } });
    expect(await item(`USER#${p.id}`, 'PROFILE')).toMatchObject({ reportWhatsApp: false });
  });
});

describe("the teacher's view of a student's parents", () => {
  it('lists them and unlinks one (then 404); the parent no longer sees the child', async () => {
    const s = await makeUser();
    const p = await parentWith(await codeOf(s));
    const list = await api('GET', `/api/admin/users/${s.id}/parents`, { token: w.admin.token });
    expect(list.body.data).toEqual([{ id: p.id, firstName: 'Hoda', lastName: 'Saleh', email: p.email, mobileNumber: expect.stringMatching(/^\+2010/), linkedAt: expect.any(String) }]);
    expect((await api('GET', `/api/admin/users/${s.id}/parents`, { token: s.token })).status).toBe(403);

    const gone = await api('DELETE', `/api/admin/users/${s.id}/parents/${p.id}`, { token: w.admin.token });
    expect(gone.status).toBe(200);
    const again = await api('DELETE', `/api/admin/users/${s.id}/parents/${p.id}`, { token: w.admin.token });
    expect([again.status, again.body.code]).toEqual([404, 'parent.notLinked']);
    expect((await api('GET', '/api/parent/children', { token: p.token })).body.data).toEqual([]);
    expect((await api('GET', `/api/parent/children/${s.id}/report`, { token: p.token })).status).toBe(404);
    // The slot is free again: a new invite works.
    expect((await invite(s)).status).toBe(201);
  });
});

describe("the teacher's users list, parents only", () => {
  const list = (query: string) => api('GET', `/api/admin/allusers?${query}`, { token: w.admin.token });

  it('lists only parents, newest first, counted; a search finds among them; a deleted parent leaves it', async () => {
    const s = await makeUser();
    const first = await parentWith(await codeOf(s));
    const second = await parentWith(await codeOf(s));
    const all = await list('parents=true&limit=100');
    expect(all.status).toBe(200);
    const rows = all.body.data as { id: string; role: string; createdAt: string }[];
    expect(rows.every((r) => r.role === 'PARENT')).toBe(true);
    expect(rows.some((r) => r.id === s.id)).toBe(false);
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort().reverse());
    expect(all.body.total).toBe(rows.length);

    // Paged: the first row of page 2 at limit 1 is the second row of the whole list.
    const page2 = await list('parents=true&limit=1&page=2');
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    expect(page2.body.pages).toBe(all.body.total);

    const found = await list(`parents=true&search=${encodeURIComponent(second.email)}`);
    expect([found.body.total, found.body.data.map((r: { id: string }) => r.id)]).toEqual([1, [second.id]]);
    // A student's name is not found among the parents.
    expect((await list(`parents=true&search=${encodeURIComponent(s.email)}`)).body.total).toBe(0);

    expect((await api('DELETE', `/api/user/deleteUser/${second.id}`, { token: w.admin.token })).status).toBe(200);
    const after = (await list('parents=true&limit=100')).body.data.map((r: { id: string }) => r.id);
    expect(after).not.toContain(second.id);
    expect(after).toContain(first.id);
  });

  it("refuses a value other than 'true' or 'false' with a 400 in the user's language", async () => {
    const r = await api('GET', '/api/admin/allusers?parents=yes', { token: w.admin.token, headers: { 'Accept-Language': 'ar' } });
    expect(r.status).toBe(400);
  });
});

describe('deleting a user', () => {
  it("removes a deleted student's links, invite and count; the parent's list is empty", async () => {
    const s = await makeUser();
    const p = await parentWith(await codeOf(s));
    const code = await codeOf(s);
    expect((await api('DELETE', `/api/user/deleteUser/${s.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await partition(`USER#${s.id}`, 'PARENT')).toEqual([]);
    expect(await item(`PARENTINVITE#${code}`, 'PARENTINVITE')).toBeUndefined();
    expect(await partition(`USER#${p.id}`, 'CHILD#')).toEqual([]);
    expect((await api('GET', '/api/parent/children', { token: p.token })).body.data).toEqual([]);
  });

  it("removes a deleted parent's links and their PARENTS item", async () => {
    const s = await makeUser();
    const p = await parentWith(await codeOf(s));
    expect((await api('DELETE', `/api/user/deleteUser/${p.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await item('PARENTS', p.id)).toBeUndefined();
    expect(await partition(`USER#${p.id}`, 'CHILD#')).toEqual([]);
    expect((await api('GET', `/api/admin/users/${s.id}/parents`, { token: w.admin.token })).body.data).toEqual([]);
    expect(await item(`USER#${s.id}`, 'PARENTS')).toMatchObject({ n: 0 });
  });
});
