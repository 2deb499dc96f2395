/**
 * Term bundles: the teacher gives a term a price for the whole of it and an end; the student is
 * offered it beside the sum of the term's lectures' prices, and payments sells it (termForSale).
 * Owning it is read with a lecture's purchase (access.ts canWatch; playback.ts, lectures.ts).
 */
import { courseById } from '../data/course-repo';
import { lecturesOfTerm } from '../data/lecture-repo';
import { type TermRecord, setTermBundle, termById } from '../data/term-repo';
import { termPurchaseOf } from '../data/term-purchase-repo';
import { BadRequest, NotFound } from '../lib/errors';
import { type Viewer, isFreeLecture, isUnexpired } from './access';
import { assertTermOpen } from './terms';
import { toLecture, toTerm } from './views';

/** A term sells its bundle while it has a price and its end is ahead. */
export const sellsBundle = (t: Pick<TermRecord, 'bundlePrice' | 'endsAt'>, now: Date): t is TermRecord & { bundlePrice: number; endsAt: string } =>
  typeof t.bundlePrice === 'number' && t.bundlePrice > 0 && typeof t.endsAt === 'string' && Date.parse(t.endsAt) > now.getTime();

/** PATCH /api/cours/Term/bundle/{termId}: the bundle's price (null: not sold) and end, as given; a price needs an end. */
export async function updateTerm(termId: string, set: { bundlePrice?: number | null; endsAt?: string | null }) {
  const term = await termById(termId);
  if (!term) throw new NotFound('Term not found', 'term.notFound');
  const price = set.bundlePrice === undefined ? term.bundlePrice : set.bundlePrice;
  const end = set.endsAt === undefined ? term.endsAt : set.endsAt;
  if (typeof price === 'number' && !end) throw new BadRequest('Give the date the bundle ends with its price', 'term.bundleEnd');
  const updated = await setTermBundle(termId, set);
  if (!updated) throw new NotFound('Term not found', 'term.notFound');
  return toTerm(updated);
}

/** LE: what the term's lectures for sale cost one by one (free ones count 0), and how many there are. */
async function lecturesPriceOf(termId: string): Promise<{ lecturesPrice: number; lectureCount: number }> {
  const lectures = (await lecturesOfTerm(termId)).filter((l) => !l.archived);
  const sum = lectures.reduce((n, l) => n + (isFreeLecture(l) ? 0 : Number(l.price)), 0);
  return { lecturesPrice: Math.round(sum * 100) / 100, lectureCount: lectures.length };
}

/**
 * The term as payments may sell its bundle now: the term open to this viewer, its course offered,
 * a bundle price set and its end ahead (400 payment.noBundle otherwise). Read afresh: money follows it.
 */
export async function termForSale(termId: string, viewer: Viewer, now = new Date()): Promise<TermRecord & { bundlePrice: number; endsAt: string }> {
  const term = assertTermOpen(await termById(termId), viewer);
  const course = await courseById(term.courseId);
  if (!course || course.archived) throw new NotFound('Term not found', 'term.notFound');
  if (!sellsBundle(term, now)) throw new BadRequest('This term is not sold as a bundle now', 'payment.noBundle');
  return term;
}

/** GET /api/cours/bundle/{termId}: the offer (null when none is sold now), and whether this student has it. */
export async function getTermBundle(termId: string, viewer: Viewer, now = new Date()) {
  const term = assertTermOpen(await termById(termId), viewer);
  if (!sellsBundle(term, now)) return null;
  const [prices, owned] = await Promise.all([lecturesPriceOf(termId), viewer.isAdmin ? Promise.resolve(undefined) : termPurchaseOf(viewer.userId, termId)]);
  return { termId, termName: term.name, bundlePrice: term.bundlePrice, ...prices, endsAt: term.endsAt, owned: isUnexpired(owned, now) };
}

/** The term's lectures as a bundle gives them now (not archived), without videos: My lectures. */
export async function lecturesOfBundle(termId: string) {
  const lectures = (await lecturesOfTerm(termId)).filter((l) => !l.archived);
  return lectures.map((l) => {
    const { videos: _v, canWatch: _c, ...view } = toLecture(l);
    void _v;
    void _c;
    return view;
  });
}
