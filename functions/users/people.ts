/** The users domain: the student's profile and password, the teacher's users screen and a student's page. */
import type { z } from 'zod';
import type { UpdateProfileBody, userDetails, UserRow } from '../../shared/schemas/people';
import type { profile, userPage } from '../../shared/schemas/responses';
import { checkCurrentPassword, isFlagged, keepOnlySession, setPoolPassword } from '../auth/public';
import { flaggedUsers } from '../data/sharing-repo';
import { toLecture } from '../catalogue/public';
import { backfillLectureNames, lectureById, lectureNamesIndexed, lecturesNamed } from '../data/lecture-repo';
import { parentsNewestFirst, removeParentsOf } from '../data/parent-repo';
import { purchaseOf, recordPurchase } from '../data/purchase-repo';
import {
  countUsers,
  deleteUserRecord,
  quizTitles,
  resultsOfUser,
  setBlocked,
  toUser,
  updateNames,
  type UserRecord,
  userById,
  userIdByEmail,
  usersByIds,
  usersLastActiveFirst,
  usersNewestFirst,
} from '../data/user-repo';
import { backfillSearchIndex, searchIndexReady, searchUsers } from '../data/user-search-repo';
import { walletOf } from '../data/wallet-repo';
import { searchPrefixes } from '../data/user-search-text';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors';
import { keptOnce } from '../lib/kept-once';
import { logger } from '../lib/log';
import { expiryAfter, listPurchases } from '../payments/public';
import { removePoolUser, setPoolUserEnabled } from './pool-state';

export const UPDATED = 'تم التحديث بنجاح';
export const WRONG_PASSWORD = 'The current password is not right';
const NO_USER = 'No user has this id';
/** The latest ledger entries on the teacher's page of a student. */
const WALLET_ENTRIES_ON_STUDENT_PAGE = 20;

type Profile = z.infer<typeof profile>;
type UserPage = z.infer<typeof userPage>;
const toProfile = (u: UserRecord): Profile => ({ firstName: u.firstName, lastName: u.lastName, email: u.email, mobileNumber: u.mobileNumber, schooleYear: u.schooleYear });
export const toUserRow = (u: UserRecord): UserRow => ({ ...toUser(u), createdAt: u.createdAt, lastSignInAt: u.lastSignInAt ?? null, flagged: isFlagged(u) });

async function existingUser(id: string): Promise<UserRecord> {
  const u = await userById(id);
  if (!u) throw new NotFound(NO_USER, 'user.notFound');
  return u;
}

export async function getProfile(userId: string): Promise<Profile> {
  return toProfile(await existingUser(userId));
}

/**
 * Names always; with the password group the current password is checked first, as a sign-in from
 * `source` is (wrong → 400, nothing written; too many → 429), then the names, the new password,
 * and every other session ends.
 */
export async function updateProfile(userId: string, jti: unknown, b: UpdateProfileBody, source: string): Promise<{ message: string; data: Profile; passwordChanged: boolean }> {
  const user = await existingUser(userId);
  const changePassword = b.Password !== undefined && b.newPassword !== undefined;
  if (changePassword) {
    if (user.provider === 'google') throw new BadRequest('This account signs in with Google and has no password to change', 'profile.wrongPassword');
    if (!(await checkCurrentPassword(user.id, user.email, b.Password!, source))) throw new BadRequest(WRONG_PASSWORD, 'profile.wrongPassword');
  }
  const after = user.firstName === b.firstName && user.lastName === b.lastName ? user : await updateNames(user, b.firstName, b.lastName);
  if (changePassword) {
    await setPoolPassword(user.email, b.newPassword!);
    await keepOnlySession(user.id, jti);
  }
  return { message: UPDATED, data: toProfile(after), passwordChanged: changePassword };
}

/**
 * Runs the one-time backfill of the search index and the user count (users made before them) when it
 * has not run yet: once per Lambda instance however many requests arrive together (50 first requests
 * at once each ran its own backfill, and together they outlasted the timeout: 500s); a failed one is
 * tried again by the next request.
 */
const ensureSearchIndex = keptOnce(async () => {
  if (await searchIndexReady()) return;
  const n = await backfillSearchIndex();
  logger.info('users search index backfilled', { users: n });
});

/**
 * The teacher's table: newest first, pages of `limit`. With a search (words of which one has 2
 * characters or more: the query schema refuses others), the users matching every word; when the
 * search stopped reading early (a common name at a big school) the total is the matches found so
 * far and `totalIsLowerBound` says so, the pages reaching them.
 */
export async function listUsers(q: { search?: string; page: number; limit: number; flagged?: boolean; parents?: boolean; sort?: 'newest' | 'lastActive' }): Promise<UserPage> {
  const skip = (q.page - 1) * q.limit;
  if (q.parents) return parentsPage(q, skip);
  if (q.flagged) return flaggedPage(q, skip);
  if (q.sort === 'lastActive' && !q.search) {
    const { users, more } = await usersLastActiveFirst(skip, q.limit);
    const total = skip + users.length + (more ? 1 : 0);
    return { data: users.map(toUserRow), page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit), ...(more ? { totalIsLowerBound: true } : {}) };
  }
  const prefixes = q.search ? searchPrefixes(q.search) : [];
  await ensureSearchIndex();
  if (!prefixes.length) {
    const [total, users] = await Promise.all([countUsers(), usersNewestFirst(skip, q.limit)]);
    return { data: users.map(toUserRow), page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) };
  }
  const found = await searchUsers(prefixes, skip, q.limit);
  const users = await usersByIds(found.userIds);
  return {
    data: users.map(toUserRow),
    page: q.page,
    limit: q.limit,
    total: found.total,
    pages: Math.ceil(found.reachable / q.limit),
    ...(found.exact ? {} : { totalIsLowerBound: true }),
  };
}

/** The users flagged now (few: AP96 holds only those ever flagged), newest first, searched by the same words when a search is sent. */
async function flaggedPage(q: { search?: string; page: number; limit: number }, skip: number): Promise<UserPage> {
  const words = q.search ? searchPrefixes(q.search).map((w) => w.toLowerCase()) : [];
  const all = (await flaggedUsers(Date.now())).filter((u) => words.every((w) => searchableText(u).includes(w)));
  return { data: all.slice(skip, skip + q.limit).map(toUserRow), page: q.page, limit: q.limit, total: all.length, pages: Math.ceil(all.length / q.limit) };
}

/**
 * The parents only (issue 43), newest first: AP135, then the page's records; with a search, every
 * parent's record is read and matched by the same words (parents are far fewer than students).
 */
async function parentsPage(q: { search?: string; page: number; limit: number }, skip: number): Promise<UserPage> {
  const ids = await parentsNewestFirst();
  const words = q.search ? searchPrefixes(q.search).map((w) => w.toLowerCase()) : [];
  const matching = words.length ? (await usersByIds(ids)).filter((u) => words.every((w) => searchableText(u).includes(w))) : undefined;
  const total = matching?.length ?? ids.length;
  const users = matching ? matching.slice(skip, skip + q.limit) : await usersByIds(ids.slice(skip, skip + q.limit));
  return { data: users.map(toUserRow), page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) };
}

const searchableText = (u: UserRecord) => [u.firstName, u.lastName, u.email, u.mobileNumber ?? ''].join(' ').toLowerCase();

async function studentAccount(userId: string, action: string): Promise<UserRecord> {
  const u = await existingUser(userId);
  if (u.role === 'ADMIN') throw new Forbidden(`An admin account cannot be ${action}`, 'user.adminProtected');
  return u;
}

/** A toggle: the gate refuses a blocked user at the very next call; the pool user is disabled too. */
export async function toggleBlock(userId: string): Promise<{ message: string; data: { id: string; block: boolean } }> {
  const u = await studentAccount(userId, 'blocked');
  const block = !u.block;
  await setBlocked(u.id, block);
  await setPoolUserEnabled(u, !block);
  return { message: block ? 'User blocked' : 'User unblocked', data: { id: u.id, block } };
}

/** Sign-in, profile and parent links go at once; purchases, orders and results stay as what happened. */
export async function deleteUser(userId: string): Promise<{ id: string; message: string }> {
  const u = await studentAccount(userId, 'deleted');
  await removeParentsOf(u);
  await deleteUserRecord(u);
  await removePoolUser(u);
  return { id: u.id, message: 'User Deleted Successfully' };
}

/**
 * Lectures made before the name index (AP68) get their key once, the first time a grant names a lecture
 * without its id: once per Lambda instance; a failed one is tried again by the next such grant.
 */
const ensureLectureNames = keptOnce(async () => {
  if (await lectureNamesIndexed()) return;
  const n = await backfillLectureNames();
  logger.info('lecture names indexed', { lectures: n });
});

/** The lecture the grant names: its id (the modal sends it), or else its name (the spec's body) through AP68. */
async function grantedLecture(b: { lectureName: string; lectureId?: string }) {
  if (b.lectureId) {
    const lecture = await lectureById(b.lectureId);
    if (!lecture || lecture.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
    return lecture;
  }
  await ensureLectureNames();
  const named = await lecturesNamed(b.lectureName);
  if (named.length > 1) throw new Conflict('Several lectures have this name; choose the lecture from the list', 'grant.ambiguous');
  const lecture = named[0] ? await lectureById(named[0].id) : undefined;
  if (!lecture || lecture.archived) throw new NotFound('No lecture has this name', 'lecture.notFound');
  return lecture;
}

/** A grant is a purchase (source 'grant', price 0) for the lecture's access period, extending an unexpired one. */
export async function grantLecture(b: { email: string; lectureName: string; lectureId?: string }, now = new Date()) {
  const userId = await userIdByEmail(b.email);
  const user = userId ? await userById(userId) : undefined;
  if (!user) throw new NotFound('No user has this e-mail', 'user.notFound');
  const lecture = await grantedLecture(b);
  const current = await purchaseOf(user.id, lecture.id);
  const purchaseDate = now.toISOString();
  const expiryDate = expiryAfter(current, now, toLecture(lecture).accessDays);
  await recordPurchase({ userId: user.id, lectureId: lecture.id, purchaseDate, expiryDate, source: 'grant', pricePaid: 0 });
  return { message: 'Lecture assigned successfully', data: { email: user.email, lectureName: lecture.name, lectureId: lecture.id, purchaseDate, expiryDate } };
}

type Details = z.infer<typeof userDetails>;
export async function userDetailsOf(userId: string): Promise<Details> {
  const u = await existingUser(userId);
  const [{ data: lectures }, stored, wallet] = await Promise.all([listPurchases(u.id), resultsOfUser(u.id), walletOf(u.id, { limit: WALLET_ENTRIES_ON_STUDENT_PAGE })]);
  const titles = await quizTitles(stored.map((r) => String(r.quizId)));
  const results = stored
    .map((r) => ({
      quizId: String(r.quizId),
      title: titles.get(String(r.quizId)) ?? '',
      bestScore: (r.bestScore as number | null) ?? null,
      lastScore: (r.lastScore as number | null) ?? null,
      passed: Boolean(r.passed),
      attempts: Number(r.attempts ?? 0),
      updatedAt: String(r.updatedAt ?? ''),
    }))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { user: toUserRow(u), lectures, results, wallet };
}
