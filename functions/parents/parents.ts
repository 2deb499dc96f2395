/** The parents domain (docs/parents.md): invites, links, the parent's children and their reports, the teacher's view. */
import { randomBytes } from 'node:crypto';
import { addDays, cairoDay } from '../../shared/calendar';
import { PARENT_CODE_LENGTH, PARENT_INVITE_DAYS, PARENT_REPORT_QUIZZES, PARENT_REPORT_WEEKS, PARENTS_PER_STUDENT_MAX } from '../../shared/constants';
import { type Child, type ChildReport, isParentCodeShape, PARENT_CODE_ALPHABET } from '../../shared/schemas/parents';
import { allCourses } from '../data/course-repo';
import {
  ALREADY_LINKED,
  CODE_INVALID,
  childLink,
  childrenOfParent,
  inviteOf,
  linkChild,
  linkWrites,
  type ParentInvite,
  type ParentLink,
  parentRegistryWrite,
  parentsOfStudent,
  parentsStateOf,
  putInvite,
  reportSwitches,
  TOO_MANY_PARENTS,
  unlink,
} from '../data/parent-repo';
import type { TransactItem } from '../data/items';
import { quizTitles, resultsOfUser, type UserRecord, userById, usersByIds } from '../data/user-repo';
import { watchDaysOf } from '../data/watch-repo';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { listPurchases } from '../payments/public';

const DAY_MS = 86_400_000;

/** 8 symbols of Crockford's alphabet from 8 random bytes (256 is a multiple of 32: no symbol more likely). */
const newCode = () => [...randomBytes(PARENT_CODE_LENGTH)].map((b) => PARENT_CODE_ALPHABET[b % 32]).join('');

/** The student's new invite code (their unused one stops working); 409 parent.tooMany at the cap. */
export async function createParentInvite(studentId: string, now = new Date()): Promise<{ code: string; expiresAt: string }> {
  const state = await parentsStateOf(studentId);
  if (state.n >= PARENTS_PER_STUDENT_MAX) throw new Conflict(TOO_MANY_PARENTS, 'parent.tooMany');
  const invite = { code: newCode(), studentId, validUntil: new Date(now.getTime() + PARENT_INVITE_DAYS * DAY_MS).toISOString() };
  await putInvite(invite, state.code);
  return { code: invite.code, expiresAt: invite.validUntil };
}

/** The invite a (normalised) code names, still valid, its student under the cap: else 400 parent.codeInvalid / 409 parent.tooMany. */
async function usableInvite(code: string, now: Date): Promise<ParentInvite> {
  const invite = isParentCodeShape(code) ? await inviteOf(code) : undefined;
  if (!invite || invite.validUntil <= now.toISOString()) throw new BadRequest(CODE_INVALID, 'parent.codeInvalid');
  if ((await parentsStateOf(invite.studentId)).n >= PARENTS_PER_STUDENT_MAX) throw new Conflict(TOO_MANY_PARENTS, 'parent.tooMany');
  return invite;
}

/**
 * Checked before a parent's account is made; the answer gives the writes that use the code and link
 * the new parent (with their AP115 entry) in the transaction that writes the parent's record.
 */
export async function parentLinkAtSignUp(code: string, now: Date): Promise<(parentId: string, createdAt: string) => { items: TransactItem[]; refusal: (reasons: (string | undefined)[]) => Error }> {
  const invite = await usableInvite(code, now);
  return (parentId, createdAt) => {
    const { items, refusal } = linkWrites(invite, parentId, now);
    return { items: [...items, parentRegistryWrite(parentId, createdAt)], refusal };
  };
}

const toChild = (u: UserRecord, link: ParentLink): Child => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  schooleYear: u.schooleYear ?? null,
  lastActiveAt: u.lastActiveAt ?? null,
  linkedAt: link.linkedAt,
});

/** A signed-up parent links another child with the child's code. */
export async function addChild(parentId: string, code: string, now = new Date()): Promise<Child> {
  const invite = await usableInvite(code, now);
  if (await childLink(parentId, invite.studentId)) throw new Conflict(ALREADY_LINKED, 'parent.alreadyLinked');
  const [link, student] = await Promise.all([linkChild(invite, parentId, now), userById(invite.studentId)]);
  if (!student) throw new BadRequest(CODE_INVALID, 'parent.codeInvalid');
  return toChild(student, link);
}

export async function listChildren(parentId: string): Promise<Child[]> {
  const links = await childrenOfParent(parentId);
  const students = new Map((await usersByIds(links.map((l) => l.studentId))).map((u) => [u.id, u]));
  return links.flatMap((l) => (students.has(l.studentId) ? [toChild(students.get(l.studentId)!, l)] : []));
}

/** The weeks of the report, newest first: 7 Cairo days each, the first ending today. */
function weeksOf(today: string, days: Map<string, number>) {
  return Array.from({ length: PARENT_REPORT_WEEKS }, (_, w) => {
    const to = addDays(today, -7 * w);
    const from = addDays(to, -6);
    let watchedSeconds = 0;
    for (let d = 0; d < 7; d++) watchedSeconds += days.get(addDays(from, d)) ?? 0;
    return { from, to, watchedSeconds };
  });
}

/** The report of one of the parent's children: 404 parent.notYourChild for anyone else. */
export async function getChildReport(parentId: string, studentId: string, now = new Date()): Promise<ChildReport> {
  const [link, student] = await Promise.all([childLink(parentId, studentId), userById(studentId)]);
  if (!link || !student) throw new NotFound('No child of yours has this account', 'parent.notYourChild');
  const today = cairoDay(now);
  const [owned, days, results, courses] = await Promise.all([listPurchases(studentId, now), watchDaysOf(studentId, addDays(today, -7 * PARENT_REPORT_WEEKS + 1), today), resultsOfUser(studentId), allCourses()]);
  const courseNames = new Map(courses.map((c) => [c.id, c.name]));
  const lectures = new Map<string, ChildReport['lectures'][number]>();
  for (const l of owned.data) lectures.set(l.id, { id: l.id, name: l.name, courseName: courseNames.get(l.courseId) ?? '', purchasedAt: l.purchaseDate, expiresAt: l.expiryDate || null });
  for (const b of owned.bundles) {
    for (const l of b.lectures) if (!lectures.has(l.id)) lectures.set(l.id, { id: l.id, name: l.name, courseName: courseNames.get(l.courseId) ?? '', purchasedAt: b.purchaseDate, expiresAt: b.expiryDate || null });
  }
  const finished = results.filter((r) => Number(r.attempts ?? 0) > 0).sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt))).slice(0, PARENT_REPORT_QUIZZES);
  const titles = await quizTitles(finished.map((r) => String(r.quizId)));
  const quizResults = finished.flatMap((r) => {
    const title = titles.get(String(r.quizId));
    const best = (r.best as { correct: boolean }[] | undefined) ?? [];
    // A deleted quiz is left out.
    return title === undefined ? [] : [{ quizId: String(r.quizId), title, score: best.filter((m) => m.correct).length, total: best.length, passed: Boolean(r.passed), date: String(r.updatedAt) }];
  });
  return { child: toChild(student, link), lectures: [...lectures.values()], weeks: weeksOf(today, days), quizResults, lastActiveAt: student.lastActiveAt ?? null };
}

export const getParentSettings = (parentId: string) => reportSwitches(parentId);
export const updateParentSettings = (parentId: string, change: { reportEmail?: boolean; reportWhatsApp?: boolean }) => reportSwitches(parentId, change);

/** The teacher's list of a student's parents. */
export async function listUserParents(studentId: string) {
  const links = await parentsOfStudent(studentId);
  const people = new Map((await usersByIds(links.map((l) => l.parentId))).map((u) => [u.id, u]));
  return links.flatMap((l) => {
    const p = people.get(l.parentId);
    return p ? [{ id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, mobileNumber: p.mobileNumber ?? null, linkedAt: l.linkedAt }] : [];
  });
}

export async function removeUserParent(studentId: string, parentId: string): Promise<{ message: string }> {
  await unlink(studentId, parentId);
  return { message: 'Parent unlinked' };
}
