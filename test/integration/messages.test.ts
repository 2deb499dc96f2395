/**
 * Every messages route on the stand-ins: access levels, bad input, the sender copied at send time,
 * newest first with the read mark and the unread counter, delete (an unread one lowers the count),
 * the per-student flood limit (429, nothing stored), a blocked student refused by the session gate,
 * and the teacher's contact card from the platform's settings.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CONTACT_MESSAGES_PER_HOUR } from '../../shared/constants';
import { api, ddb, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';

jest.setTimeout(60_000);

let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  [admin, student] = await Promise.all([makeUser({ admin: true }), makeUser({ firstName: 'سارة' })]);
});

const send = (json: object, token = student.token) => api('POST', '/api/user/contect_us', { token, json });
const list = (token = admin.token) => api('GET', '/api/admin/contect', { token });
const unread = async () => (await api('GET', '/api/admin/messages/unread', { token: admin.token })).body.data.unread as number;
const markRead = () => api('POST', '/api/admin/messages/read', { token: admin.token });
interface Msg { id: string; subject: string; message: string; read: boolean; user: { id: string; firstName: string; lastName: string; email?: string } }
const messagesOf = async (userId: string) => ((await list()).body.data as Msg[]).filter((m) => m.user.id === userId);
const storedOf = async (userId: string) =>
  ((await ddb().send(new QueryCommand({ TableName: platform().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'MESSAGES' } }))).Items ?? []).filter(
    (i) => (i.user as { id: string }).id === userId,
  );

describe('access', () => {
  it('refuses anonymous callers, and students on the teacher’s routes; contact info is public', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/contect'],
      ['DELETE', '/api/admin/delete_us/01ABC'],
      ['POST', '/api/user/contect_us'],
      ['GET', '/api/admin/messages/unread'],
      ['POST', '/api/admin/messages/read'],
    ] as const) {
      expect((await api(method, path, method === 'POST' ? { json: { subject: 'a', message: 'b' } } : {})).status).toBe(401);
      if (path.startsWith('/api/admin')) expect((await api(method, path, { token: student.token })).status).toBe(403);
    }
    expect((await api('GET', '/api/contact-info')).status).toBe(200);
  });
});

describe('sending', () => {
  it('refuses a missing or blank subject or message with 400 on the field', async () => {
    const who = await makeUser();
    for (const json of [{}, { subject: '', message: 'x' }, { subject: 'x', message: '   ' }, { subject: 'x' }, { subject: 'x'.repeat(201), message: 'y' }]) {
      const r = await send(json, who.token);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation');
    }
    expect(await storedOf(who.id)).toHaveLength(0);
  });

  it('stores subject and message without control characters or bidi overrides (the inbox must not show `gnp.exe` as `exe.png`); Arabic marks stay', async () => {
    const who = await makeUser();
    const tag = uniq('s');
    const r = await send({ subject: `${tag} invoice\u202Egnp.exe\u0000`, message: 'open\u2066 the\u0007 file\r\nnow\u202C, \u200Fشكرا\u200E' }, who.token);
    expect(r.status).toBe(201);
    const clean = { subject: `${tag} invoicegnp.exe`, message: 'open the file\nnow, \u200Fشكرا\u200E' };
    expect(await storedOf(who.id)).toMatchObject([clean]);
    expect(await messagesOf(who.id)).toMatchObject([clean]);
    // Controls alone are a blank message.
    expect((await send({ subject: 'x', message: '\u202E\u0000\u2069' }, who.token)).status).toBe(400);
  });

  it('stores the message with the sender as they were, newest first, unread, and counts it', async () => {
    const before = await unread();
    const subject = uniq('subject');
    const r = await send({ subject, message: 'مرحبا يا دكتور' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: 'send message successfully' });
    await send({ subject: `${subject}-2`, message: 'second' });
    const mine = await messagesOf(student.id);
    expect(mine.map((m) => m.subject)).toEqual([`${subject}-2`, subject]);
    expect(mine[1]).toMatchObject({ message: 'مرحبا يا دكتور', read: false, user: { id: student.id, firstName: 'سارة', lastName: 'User', email: student.email } });
    expect(await unread()).toBe(before + 2);
    const all = await list();
    expect(all.body.unread).toBe((all.body.data as Msg[]).filter((m) => !m.read).length);
    // Names are copied at send time: a later rename does not rewrite the message.
    await setUserFields(student.id, { firstName: 'Renamed' });
    expect((await messagesOf(student.id))[1]!.user.firstName).toBe('سارة');
    await setUserFields(student.id, { firstName: 'سارة' });
  });

  it('refuses a student over the hourly limit with 429 message.tooMany and stores nothing', async () => {
    const flood = await makeUser();
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) expect((await send({ subject: `s${i}`, message: 'm' }, flood.token)).status).toBe(201);
    const before = await unread();
    const r = await send({ subject: 'one too many', message: 'm' }, flood.token);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('message.tooMany');
    expect(r.body.message).toMatch(/at most 5 messages an hour/);
    expect(await storedOf(flood.id)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    expect(await unread()).toBe(before);
    // Another student is not affected.
    expect((await send({ subject: 'fine', message: 'm' }, (await makeUser()).token)).status).toBe(201);
  });

  it('refuses a blocked student at the session gate (403 with user.block) and stores nothing', async () => {
    const blocked = await makeUser({ block: true });
    const r = await send({ subject: 'hello', message: 'm' }, blocked.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'user.blocked', user: { block: true }, message: expect.any(String) });
    expect(await storedOf(blocked.id)).toHaveLength(0);
  });
});

describe('the teacher’s inbox', () => {
  it('marks every message read, keeps a later one unread, and sets the counter', async () => {
    const s = await makeUser();
    await send({ subject: 'first', message: 'm' }, s.token);
    const r = await markRead();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: expect.any(String), data: { unread: 0 } });
    expect(await unread()).toBe(0);
    expect((await list()).body.unread).toBe(0);
    expect((await messagesOf(s.id)).every((m) => m.read)).toBe(true);
    await send({ subject: 'after the read', message: 'm' }, s.token);
    const mine = await messagesOf(s.id);
    expect(mine.map((m) => [m.subject, m.read])).toEqual([
      ['after the read', false],
      ['first', true],
    ]);
    expect(await unread()).toBe(1);
    expect((await list()).body.unread).toBe(1);
    // Reading twice is harmless.
    await markRead();
    expect((await markRead()).body.data.unread).toBe(0);
  });

  it('deletes a message (an unread one lowers the count; a read one does not); unknown → 404 message.notFound', async () => {
    const s = await makeUser();
    await send({ subject: 'old', message: 'm' }, s.token);
    await markRead();
    await send({ subject: 'new', message: 'm' }, s.token);
    const [fresh, old] = await messagesOf(s.id);
    expect(await unread()).toBe(1);
    const d = await api('DELETE', `/api/admin/delete_us/${old!.id}`, { token: admin.token });
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ id: old!.id, message: expect.any(String) });
    expect(await unread()).toBe(1);
    expect((await api('DELETE', `/api/admin/delete_us/${fresh!.id}`, { token: admin.token })).status).toBe(200);
    expect(await unread()).toBe(0);
    expect(await messagesOf(s.id)).toEqual([]);
    const again = await api('DELETE', `/api/admin/delete_us/${fresh!.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('message.notFound');
  });
});

describe('contact info', () => {
  it('answers the platform’s card, valid against the shared schema', async () => {
    const { contactInfo } = await import('../../shared/schemas/people');
    const r = await api('GET', '/api/contact-info');
    expect(r.status).toBe(200);
    expect(contactInfo.parse(r.body.data)).toMatchObject({ location: expect.any(String), phone: expect.any(String), email: expect.any(String), chatUrl: expect.stringMatching(/^https?:/) });
  });

  it('says 503 with a clear message when the setting is missing or malformed, never a 500', async () => {
    const { contactDetails } = await import('../../functions/messages/messages');
    for (const raw of ['', 'not json', '{"location":1}']) {
      expect(() => contactDetails(raw)).toThrow(expect.objectContaining({ status: 503, message: expect.stringMatching(/contact details are not set/) }));
    }
  });
});
