/**
 * The teacher's reply to a contact message: access, bad input, the student reading their own
 * messages with the replies (never another student's), and the student's unread-replies count,
 * raised by each reply and cleared when they open /contact.
 */
import { api, makeUser, type TestUser, uniq } from '../support/platform';

jest.setTimeout(60_000);

let admin: TestUser;
let student: TestUser;
let other: TestUser;
beforeAll(async () => {
  [admin, student, other] = await Promise.all([makeUser({ admin: true }), makeUser({ firstName: 'سارة' }), makeUser()]);
});

const send = (subject: string, token = student.token) => api('POST', '/api/user/contect_us', { token, json: { subject, message: 'When is the revision?' } });
const reply = (id: string, json: object, token = admin.token) => api('POST', `/api/admin/messages/${id}/reply`, { token, json });
const mine = (token = student.token) => api('GET', '/api/user/messages', { token });
const unreadReplies = async (token = student.token) => (await api('GET', '/api/user/messages/unread', { token })).body.data.unread as number;
interface Mine { id: string; subject: string; replies: { text: string; createdAt: string }[] }
const idOf = async (subject: string, token = student.token) => ((await mine(token)).body.data as Mine[]).find((m) => m.subject === subject)!.id;

describe('access', () => {
  it('lets only the teacher reply, and only a signed-in student read their messages', async () => {
    expect((await api('POST', '/api/admin/messages/01ABC/reply', { json: { text: 'hi' } })).status).toBe(401);
    expect((await reply('01ABC', { text: 'hi' }, student.token)).status).toBe(403);
    for (const path of ['/api/user/messages', '/api/user/messages/unread']) expect((await api('GET', path)).status).toBe(401);
    expect((await api('POST', '/api/user/messages/read')).status).toBe(401);
  });
});

describe('replies', () => {
  it('refuses a blank or too long reply with 400, and an unknown message with 404 message.notFound', async () => {
    const subject = uniq('bad');
    await send(subject);
    const id = await idOf(subject);
    for (const json of [{}, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      const r = await reply(id, json);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation');
    }
    const r = await reply('01J0000000000000000000NONE', { text: 'hello' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('message.notFound');
    expect(((await mine()).body.data as Mine[]).find((m) => m.id === id)!.replies).toEqual([]);
  });

  it('shows the student their messages newest first with the replies, counts the unread replies and clears them on read', async () => {
    const first = uniq('first');
    const second = uniq('second');
    expect((await send(first)).status).toBe(201);
    expect((await send(second)).status).toBe(201);
    await api('POST', '/api/user/messages/read', { token: student.token });
    expect(await unreadReplies()).toBe(0);
    const id = await idOf(first);

    const r = await reply(id, { text: 'الأحد الساعة ٥' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ id, subject: first, replies: [{ text: 'الأحد الساعة ٥' }] });
    expect((await reply(id, { text: 'See you there' })).status).toBe(201);

    const list = (await mine()).body;
    const subjects = (list.data as Mine[]).map((m) => m.subject);
    expect(subjects.indexOf(second)).toBeLessThan(subjects.indexOf(first));
    const replied = (list.data as Mine[]).find((m) => m.id === id)!;
    expect(replied.replies.map((x) => x.text)).toEqual(['الأحد الساعة ٥', 'See you there']);
    expect(list.unread).toBe(2);
    expect(await unreadReplies()).toBe(2);

    // The teacher's inbox shows the replies too.
    const inbox = (await api('GET', '/api/admin/contect', { token: admin.token })).body.data as Mine[];
    expect(inbox.find((m) => m.id === id)!.replies.map((x) => x.text)).toEqual(['الأحد الساعة ٥', 'See you there']);

    const read = await api('POST', '/api/user/messages/read', { token: student.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ unread: 0 });
    expect(await unreadReplies()).toBe(0);
  });

  it('never shows a student another student’s messages or counts their replies', async () => {
    const subject = uniq('private');
    await send(subject);
    await reply(await idOf(subject), { text: 'only for سارة' });
    expect(((await mine(other.token)).body.data as Mine[]).map((m) => m.subject)).not.toContain(subject);
    expect(await unreadReplies(other.token)).toBe(0);
  });
});
