/**
 * The messages domain: a student's contact message (copied sender details, a per-student flood
 * limit), the teacher's inbox with its read mark and unread counter, and the teacher's contact card.
 */
import { ulid } from 'ulid';
import { CONTACT_MESSAGES_PER_DAY, CONTACT_MESSAGES_PER_HOUR } from '../../shared/constants';
import { type ContactInfo, contactInfo } from '../../shared/schemas/people';
import * as repo from '../data/message-repo';
import { userById } from '../data/user-repo';
import { Conflict, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized } from '../lib/errors';
import { env } from '../lib/env';

export const SENT = 'send message successfully';

export async function sendMessage(userId: string, body: { subject: string; message: string }, now = new Date()) {
  const u = await userById(userId);
  if (!u) throw new Unauthorized();
  const { refused } = await repo.putMessage(
    {
      id: ulid(now.getTime()),
      subject: body.subject,
      message: body.message,
      user: { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, ...(u.mobileNumber ? { mobileNumber: u.mobileNumber } : {}) },
      createdAt: now.toISOString(),
    },
    { perHour: CONTACT_MESSAGES_PER_HOUR, perDay: CONTACT_MESSAGES_PER_DAY },
    now,
  );
  if (refused === 'hour') throw new TooManyRequests(`You can send at most ${CONTACT_MESSAGES_PER_HOUR} messages an hour. Please try again later.`, 'message.tooMany');
  if (refused === 'day') throw new TooManyRequests(`You can send at most ${CONTACT_MESSAGES_PER_DAY} messages a day. Please try again tomorrow.`, 'message.tooMany');
  return { message: SENT };
}

export async function listMessages() {
  const [counts, messages] = await Promise.all([repo.messageCounts(), repo.messagesNewestFirst()]);
  const data = messages.map((m) => ({ ...m, replies: m.replies ?? [], read: counts.readUpTo !== '' && m.id <= counts.readUpTo }));
  return { data, unread: data.filter((m) => !m.read).length };
}

/** The teacher answers a message: the student sees it on /contact and their badge counts it. */
export async function addReply(id: string, body: { text: string }, now = new Date()) {
  const m = await repo.addReply(id, { text: body.text, createdAt: now.toISOString() });
  if (!m) throw new NotFound('This message does not exist', 'message.notFound');
  if (m === 'full') throw new Conflict(`A message can have at most ${repo.MAX_REPLIES} replies`, 'message.tooManyReplies');
  return { message: 'Reply sent', data: { ...m, replies: m.replies ?? [] } };
}

/** The student's own messages, newest first, with the replies and how many they have not seen. */
export async function listMyMessages(userId: string) {
  const [messages, unread] = await Promise.all([repo.messagesOfStudent(userId), repo.unreadReplies(userId)]);
  return { data: messages.map(({ user: _user, ...m }) => ({ ...m, replies: m.replies ?? [] })), unread };
}

export async function countUnreadReplies(userId: string) {
  return { data: { unread: await repo.unreadReplies(userId) } };
}

export async function markRepliesRead(userId: string) {
  await repo.markRepliesRead(userId);
  return { message: 'Replies marked read', data: { unread: 0 } };
}

export async function deleteMessage(id: string) {
  if (!(await repo.deleteMessage(id))) throw new NotFound('This message does not exist', 'message.notFound');
  return { id, message: 'Deleted Succesfully' };
}

export async function countUnread() {
  return { data: { unread: (await repo.messageCounts()).unread } };
}

export async function markRead() {
  return { message: 'Messages marked read', data: { unread: await repo.markAllRead() } };
}

/** The platform's CONTACT_INFO, checked against the shared schema; unset or malformed → 503. */
export function contactDetails(raw = env.CONTACT_INFO): ContactInfo {
  let parsed: ReturnType<typeof contactInfo.safeParse> | undefined;
  try {
    parsed = raw.trim() ? contactInfo.safeParse(JSON.parse(raw)) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new ServiceUnavailable('The contact details are not set up yet. Please try again later.');
  return parsed.data;
}
