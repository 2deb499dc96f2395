/** Terms of a course per track, their lock, and their content sections. */
import type { Track } from '../../shared/constants';
import { courseById } from '../data/course-repo';
import { type TermRecord, setTermLock, termById } from '../data/term-repo';
import { Forbidden, NotFound } from '../lib/errors';
import type { Viewer } from './access';
import { classReads } from './class-reads';
import { toSection, toTerm } from './views';

export const TERM_LOCKED = 'This term is locked';

/** A locked term, and everything under it, is refused to students; admins see it all. */
export function assertTermOpen(term: TermRecord | undefined, viewer: Viewer): TermRecord {
  if (!term) throw new NotFound('Term not found', 'term.notFound');
  if (term.isLocked && !viewer.isAdmin) throw new Forbidden(TERM_LOCKED, 'term.locked');
  return term;
}

/** Listed locked or not: the student sees a locked term as locked (spec 6), only opening it is refused. */
export async function listTerms(courseId: string, track: Track, viewer: Viewer | undefined) {
  const terms = await classReads(viewer).terms(courseId, track);
  if (terms.length === 0 && !(await courseById(courseId))) throw new NotFound('Course not found', 'course.notFound');
  return terms.map(toTerm);
}

export async function toggleTermLock(termId: string) {
  const term = await termById(termId);
  if (!term) throw new NotFound('Term not found', 'term.notFound');
  const isLocked = !term.isLocked;
  await setTermLock(termId, isLocked, term.isLocked);
  return { message: isLocked ? 'Term locked' : 'Term unlocked', isLocked };
}

export async function listSections(termId: string, viewer: Viewer) {
  const reads = classReads(viewer);
  const [term, sections] = await Promise.all([reads.term(termId), reads.sections(termId)]);
  assertTermOpen(term, viewer);
  return sections.map(toSection);
}
